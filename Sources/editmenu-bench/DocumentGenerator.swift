/// Python's `random.Random` (MT19937, seeded as CPython seeds an int), exactly enough of it for the
/// peers' document generator: `random()`, `randint(a, b)` and `choice(seq)` draw the same numbers as
/// CPython, so the document is byte for byte the one `../shared/peers/gen.py` writes.
struct PythonRandom {
    private var state = [UInt32](repeating: 0, count: 624)
    private var index = 625

    /// `random.Random(seed)` for a non-negative seed below 2³².
    init(seed: UInt32) {
        initGenrand(19_650_218)
        // init_by_array with the key [seed].
        let key = [seed]
        var i = 1, j = 0
        for _ in 0..<max(624, key.count) {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_664_525)) &+ key[j] &+ UInt32(j)
            i += 1
            j += 1
            if i >= 624 {
                state[0] = state[623]
                i = 1
            }
            if j >= key.count { j = 0 }
        }
        for _ in 0..<623 {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_566_083_941)) &- UInt32(i)
            i += 1
            if i >= 624 {
                state[0] = state[623]
                i = 1
            }
        }
        state[0] = 0x8000_0000
        index = 624
    }

    private mutating func initGenrand(_ s: UInt32) {
        state[0] = s
        for i in 1..<624 {
            state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i)
        }
        index = 624
    }

    /// One 32-bit output (genrand_uint32).
    mutating func next32() -> UInt32 {
        if index >= 624 {
            for k in 0..<624 {
                let y = (state[k] & 0x8000_0000) | (state[(k + 1) % 624] & 0x7FFF_FFFF)
                state[k] = state[(k + 397) % 624] ^ (y >> 1) ^ (y & 1 == 0 ? 0 : 0x9908_B0DF)
            }
            index = 0
        }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C_5680
        y ^= (y << 15) & 0xEFC6_0000
        y ^= y >> 18
        return y
    }

    /// `random()`: a double in [0, 1) from 53 random bits.
    mutating func random() -> Double {
        let a = Double(next32() >> 5), b = Double(next32() >> 6)
        return (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `_randbelow(n)` by rejection on `getrandbits(n.bit_length())` (n < 2³²).
    mutating func below(_ n: Int) -> Int {
        let k = Int.bitWidth - n.leadingZeroBitCount
        while true {
            let r = Int(next32() >> UInt32(32 - k))
            if r < n { return r }
        }
    }

    /// `randint(a, b)`.
    mutating func randint(_ a: Int, _ b: Int) -> Int { a + below(b - a + 1) }
}

/// The peers' deterministic mixed-script document (`../shared/peers/gen.py`): lines of 8–16 words,
/// ASCII words with about 6 % multibyte tokens (accents, CJK, emoji, ZWJ sequences, a flag,
/// combining marks, Greek, Cyrillic, Hebrew), until the size reaches `targetBytes`.
enum DocumentGenerator {
    static let asciiWords =
        ("the quick brown fox jumps over lazy dog edit menu select word copy paste cut undo redo "
        + "lorem ipsum dolor sit amet consectetur adipiscing elit can't e-mail foo.bar 3.14 a:b x_y")
        .split(separator: " ").map { Array($0.utf8) }
    static let multibyte: [[UInt8]] = [
        "caf\u{E9}", "na\u{EF}ve", "Stra\u{DF}e", "\u{65E5}\u{672C}\u{8A9E}", "\u{4E2D}\u{6587}\u{5B57}",
        "\u{1F600}", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "e\u{301}cole",
        "\u{395}\u{3BB}\u{3BB}\u{3B7}\u{3BD}\u{3B9}\u{3BA}\u{3AC}", "\u{440}\u{443}\u{441}\u{441}\u{43A}\u{438}\u{439}",
        "\u{5E2}\u{5D1}\u{5E8}\u{5D9}\u{5EA}", "\u{1F1EF}\u{1F1F5}",
    ].map { Array($0.utf8) }

    /// The document's UTF-8 bytes.
    static func generate(targetBytes: Int) -> [UInt8] {
        var rng = PythonRandom(seed: 42)
        var out: [UInt8] = []
        out.reserveCapacity(targetBytes + 256)
        while out.count < targetBytes {
            let n = rng.randint(8, 16)
            for i in 0..<n {
                if i > 0 { out.append(0x20) }
                // Python evaluates `rng.random() < 0.06` first, then one choice.
                let word =
                    rng.random() < 0.06
                    ? multibyte[rng.below(multibyte.count)] : asciiWords[rng.below(asciiWords.count)]
                out.append(contentsOf: word)
            }
            out.append(0x0A)
        }
        return out
    }
}
