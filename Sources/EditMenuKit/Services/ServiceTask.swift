import Dispatch
import Synchronization

/// A service's work that goes on in the background — a translation, a speech synthesis — so that
/// people can go on typing while it runs. A service returns it as ``ServiceResult/later(_:)``; the
/// ``EditMenuController`` carries out its result once it has finished (``EditMenuController/poll()``
/// collects it on the host's thread) and reports it to the delegate in a second
/// ``EditMenuControllerDelegate/editMenuController(_:didPerform:outcome:)`` call.
///
/// ```swift
/// func perform(_ command: EditCommand.ID, on request: ServiceRequest) throws(ServiceError) -> ServiceResult {
///     let text = request.text
///     return .later(ServiceTask { () throws(ServiceError) in
///         .panel(EditMenuPanel(kind: .translation, title: text, text: try translate(text)))
///     })
/// }
/// ```
///
/// The work starts at once on a global queue. It should check ``isCancelled`` between steps and stop
/// its tools when it is set; a cancelled task's result is never carried out.
public final class ServiceTask: Hashable, Sendable, CustomStringConvertible {
    private struct State {
        var result: Result<ServiceResult, ServiceError>?
        var isCancelled = false
        var waiters: [DispatchSemaphore] = []
    }

    private let state = Mutex(State())

    /// Starts `work` on a global queue.
    public init(_ work: @escaping @Sendable () throws(ServiceError) -> ServiceResult) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let outcome: Result<ServiceResult, ServiceError>
            do throws(ServiceError) {
                outcome = .success(try work())
            } catch {
                outcome = .failure(error)
            }
            finish(outcome)
        }
    }

    /// A task that has already finished with `result` (for tests, and for services that sometimes
    /// answer at once).
    public init(finished result: Result<ServiceResult, ServiceError>) {
        state.withLock { $0.result = result }
    }

    private func finish(_ outcome: Result<ServiceResult, ServiceError>) {
        let waiters = state.withLock { state -> [DispatchSemaphore] in
            state.result = outcome
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.signal() }
    }

    /// The result, once the work has finished.
    public var result: Result<ServiceResult, ServiceError>? { state.withLock { $0.result } }

    /// Whether the work has finished.
    public var isFinished: Bool { result != nil }

    /// Whether ``cancel()`` was called: the work should stop, and its result is dropped.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Asks the work to stop; its result will not be carried out.
    public func cancel() {
        state.withLock { $0.isCancelled = true }
    }

    /// Blocks until the work finishes or `timeout` seconds pass; returns the result, or `nil` on
    /// timeout. For screenless hosts (`editmenu perform`) and tests — never on a host's input path.
    public func wait(timeout: Double) -> Result<ServiceResult, ServiceError>? {
        let semaphore = DispatchSemaphore(value: 0)
        let done = state.withLock { state -> Bool in
            if state.result != nil { return true }
            state.waiters.append(semaphore)
            return false
        }
        if !done { _ = semaphore.wait(timeout: .now() + max(0, timeout)) }
        return result
    }

    public static func == (lhs: ServiceTask, rhs: ServiceTask) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String { isFinished ? "ServiceTask(finished)" : "ServiceTask(running)" }
}
