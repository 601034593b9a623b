// Ctrl-C (SIGINT) and SIGTERM in the headless loops of `render`, `run` and `watch`: the signal only
// sets a flag; the loop checks it between steps and stops at a clean point (temporary files
// removed, summary printed), then the process ends by the same signal, so a shell sees it.
// (`kinetic test` keeps the default action: its workers end with it, see ScenarioWorker.)
import Foundation

enum Interruption {
    /// The signal that arrived, 0 for none. Written only by the handler (an aligned word store,
    /// which is all a signal handler may safely do), read by the loops.
    nonisolated(unsafe) private static let received: UnsafeMutablePointer<sig_atomic_t> = {
        let flag = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        flag.initialize(to: 0)
        return flag
    }()

    /// Catches SIGINT and SIGTERM from now on. The handler resets itself (SA_RESETHAND), so a
    /// second Ctrl-C ends the process at once should a step never return. Call from the main thread.
    static func catchSignals() {
        _ = received  // initialised here, never inside the handler
        unblockSignals()
        for signal in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if os(Linux)
            action.__sigaction_handler.sa_handler = { Interruption.received.pointee = $0 }
            #else
            action.__sigaction_u.__sa_handler = { Interruption.received.pointee = $0 }
            #endif
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND) | UInt32(SA_RESTART))
            sigaction(signal, &action, nil)
        }
    }

    /// Lets SIGINT and SIGTERM through to the calling thread. A parent that blocks them (any
    /// Dispatch worker thread does) passes the block on through `exec`: without this a SIGTERM
    /// would wait until the command ended by itself.
    static func unblockSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// The signal that arrived (SIGINT or SIGTERM), or nil.
    static var signal: Int32? {
        let value = received.pointee
        return value == 0 ? nil : Int32(value)
    }

    /// "interrupted (SIGINT)": how a summary line says why the run ended early.
    static var word: String {
        "interrupted (\(signal == SIGTERM ? "SIGTERM" : "SIGINT"))"
    }

    /// Ends the process by the signal that arrived, with its default action (exit status 128 + N
    /// in a shell). Call after cleaning up.
    static func endProcess() -> Never {
        let number = signal ?? SIGINT
        fflush(nil)  // the default action does not flush what `print` buffered
        UnpackedGames.removeAll()  // nor run the exit handler that would
        Foundation.signal(number, SIG_DFL)
        raise(number)
        exit(128 + number)
    }
}
