import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ChildCommand {
    /// A running program: feeds its stdin, forwards its output, reaps it, and kills its group at the deadline.
    struct Watch {
        let pid: pid_t
        var stdin: Int32
        var output: Int32
        let input: [UInt8]
        var written = 0
        let deadline: ContinuousClock.Instant
        var killedAt: ContinuousClock.Instant?
        var ended: Outcome?
        var endedAt: ContinuousClock.Instant?
        var pending: [UInt8] = []

        init(pid: pid_t, stdin: Int32, output: Int32, input: [UInt8], timeout: Duration) {
            self.pid = pid
            self.stdin = stdin
            self.output = output
            self.input = input
            self.deadline = .now + timeout
            // A program that does not read its stdin must not block this thread.
            _ = fcntl(stdin, F_SETFL, fcntl(stdin, F_GETFL) | O_NONBLOCK)
        }

        /// Watches until the program has ended and its output is read (or, a second after it ended, abandoned to
        /// whatever it left running).
        mutating func run(forward: (String) -> Void) -> Outcome {
            // A write to a program that has exited fails with EPIPE: SIGPIPE is held on this thread, and what is
            // pending of it is taken back before the thread's mask is restored.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            defer {
                var none = timespec()
                while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
                pthread_sigmask(SIG_SETMASK, &previous, nil)
            }
            if input.isEmpty { closeStdin() }
            while true {
                poll(forward: forward)
                reap()
                let now = ContinuousClock.now
                if let ended, output < 0 || now > (endedAt ?? now) + .seconds(1) {
                    finish(forward: forward)
                    return killedAt == nil ? ended : .timedOut
                }
                if ended == nil, now > deadline {
                    if killedAt == nil {
                        killedAt = now
                        kill(-pid, SIGTERM)
                    } else if let killedAt, now > killedAt + .seconds(2) {
                        kill(-pid, SIGKILL)
                    }
                }
            }
        }

        /// Waits up to 50 ms for output or room on stdin, and moves what it can.
        mutating func poll(forward: (String) -> Void) {
            var fds: [pollfd] = []
            if output >= 0 { fds.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
            if stdin >= 0 { fds.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
            guard !fds.isEmpty else {
                usleep(20_000)
                return
            }
            guard Glibc.poll(&fds, nfds_t(fds.count), 50) > 0 else { return }
            for entry in fds where entry.revents != 0 {
                if entry.fd == output { read(forward: forward) } else { write() }
            }
        }

        mutating func read(forward: (String) -> Void) {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { return }
            guard count > 0 else {
                close(output)
                output = -1
                return
            }
            pending += buffer[..<count]
            if let last = pending.lastIndex(of: UInt8(ascii: "\n")) {
                forward(String(decoding: pending[...last], as: UTF8.self))
                pending.removeFirst(last + 1)
            }
        }

        mutating func write() {
            let count = input[written...].withUnsafeBytes { Glibc.write(stdin, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { return }
                closeStdin()
                return
            }
            written += count
            if written == input.count { closeStdin() }
        }

        mutating func closeStdin() {
            guard stdin >= 0 else { return }
            close(stdin)
            stdin = -1
        }

        /// Collects the exit status once the program has ended.
        mutating func reap() {
            guard ended == nil else { return }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return }
            endedAt = .now
            closeStdin()
            let signal = status & 0x7f
            ended = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }

        mutating func finish(forward: (String) -> Void) {
            if !pending.isEmpty { forward(String(decoding: pending, as: UTF8.self) + "\n") }
            pending = []
            if output >= 0 { close(output) }
            output = -1
            closeStdin()
        }
    }
}
