#if canImport(Glibc)
    import Glibc
#endif

/// Standard streams the program was started without (`>&-`, `<&-`).
///
/// A closed descriptor 0, 1 or 2 is the lowest free number, so the next file or socket opened takes it, and
/// records meant for stdout are written into it: the HTTP client's event descriptors, a database. Each is held on
/// `/dev/null` opened the other way round, so that reading stdin or writing stdout or stderr still fails, with
/// "Bad file descriptor", as on a closed stream.
package enum ClosedStreams {
    /// Holds each closed standard descriptor; call it first, before anything opens a file.
    package static func hold() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY) | O_CLOEXEC)
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }
}
