// The layers under the kit, re-exported: `import EditMenuKit` gives a host the text storage, editing,
// undo and data detection types too (ARCHITECTURE.md, "The layers, and what each may import").
@_exported import EditMenuDataDetection
@_exported import EditMenuText
