#if canImport(Glibc)
    import Glibc
#endif

/// The open-file limit (`ulimit -n`) a run needs: below it, SwiftNIO's event loop, SQLite's journal and the
/// downloads would fail midway, SwiftNIO by ending the process.
package struct FileLimit: ReportedError {
    /// The fewest files a run must be able to hold open.
    package static let minimum = 64

    /// The soft limit the run found.
    let found: Int

    /// Raises the soft limit to ``minimum`` when it is lower and the hard limit allows; throws when it cannot.
    ///
    /// - Throws: ``FileLimit`` when fewer than ``minimum`` files may be open.
    package static func ensure() throws(FileLimit) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(minimum) else { return }
        if limit.rlim_max >= rlim_t(minimum) {
            var raised = limit
            raised.rlim_cur = rlim_t(minimum)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return }
        }
        throw FileLimit(found: Int(limit.rlim_cur))
    }

    package func report(to runtime: ToolRuntime) {
        runtime.diagnostics.error(
            "only \(found) files may be open at once (ulimit -n \(found)); tvm needs \(Self.minimum): raise the "
                + "limit (ulimit -n \(Self.minimum)) and run it again")
        runtime.raise(.ioError)
    }
}

/// The address-space limit (`ulimit -v`) a run needs: below it, thread stacks cannot be mapped, and libdispatch
/// waits for a thread forever (once a second) or SwiftNIO ends the process.
package enum AddressSpaceLimit {
    /// The least address space a run must be allowed: the program's own mapping, the threads' stacks and heaps.
    package static let minimum = 512 << 20

    /// The error to report when the soft limit is below ``minimum``, or `nil`. The limit is not raised: unlike a
    /// file limit, a memory limit is set to hold a program back.
    ///
    /// - Parameter program: The name the program was started under.
    package static func refusal(program: String) -> String? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(minimum) else { return nil }
        let kibibytes = limit.rlim_cur / 1024
        return "\(program): error: only \(kibibytes / 1024) MiB of address space is allowed (ulimit -v \(kibibytes)); "
            + "tvm needs \(minimum >> 20) MiB: raise the limit (ulimit -v \(minimum >> 10)) and run it again\n"
    }
}
