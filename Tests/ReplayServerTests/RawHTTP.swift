import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny blocking HTTP/1.1 client over POSIX sockets, run off the cooperative thread pool.
///
/// It returns the raw bytes and how the exchange ended, so tests can see cut connections, truncated bodies and
/// stalls exactly as a client would.
enum RawHTTP {
    /// How an exchange ended.
    enum End: Equatable {
        /// A whole response (headers and `Content-Length` bytes of body) arrived.
        case complete
        /// The server closed (or reset) the connection first.
        case closedByServer
        /// Nothing more arrived within the timeout.
        case timedOut
    }

    /// A parsed response head plus the body bytes that arrived.
    struct Response {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        var contentLength: Int? {
            header("Content-Length").flatMap { Int($0) }
        }

        var text: String {
            String(decoding: body, as: UTF8.self)
        }
    }

    /// Everything received for one request.
    struct Exchange {
        var bytes: [UInt8]
        var end: End
        /// The response, when at least a complete head arrived.
        var response: Response? {
            RawHTTP.parse(bytes)
        }
    }

    /// How long an exchange waits for the next byte unless a test asks for less. Only the tests about stalls
    /// expect a timeout, and they pass their own; for the others a short wait turned a loaded machine's pause
    /// (CI saw one of over 5 s) into a failure.
    static let patience: Double = 60

    struct ConnectError: Error {
        var code: Int32
    }

    /// Sends `GET target` with `Connection: close` and the given extra headers.
    static func get(
        _ target: String, port: Int, method: String = "GET", headers: [(String, String)] = [],
        timeout: Double = patience
    ) async throws -> Exchange {
        var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers {
            request += "\(name): \(value)\r\n"
        }
        return try await send(request + "\r\n", port: port, timeout: timeout)
    }

    /// Sends raw request bytes and collects the answer, up to the first complete response or until the
    /// server closes the connection.
    ///
    /// Each exchange blocks a thread of its own, started for it: on Dispatch's shared pool, exchanges waiting
    /// for stalls and timeouts (and the end-to-end tests' pipe readers) could hold every worker, and a request
    /// would then start seconds late.
    static func send(
        _ request: String, port: Int, timeout: Double = patience, untilClosed: Bool = false
    ) async throws -> Exchange {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    with: Result { try exchange(request, port: port, timeout: timeout, untilClosed: untilClosed) })
            }
            thread.name = "raw-http"
            thread.start()
        }
    }

    /// Sends `GET target` and returns the complete response, failing the test's `#require` otherwise.
    static func response(_ target: String, port: Int, headers: [(String, String)] = []) async throws -> Response {
        let exchange = try await get(target, port: port, headers: headers)
        guard exchange.end == .complete, let response = exchange.response else {
            throw ConnectError(code: -1)
        }
        return response
    }

    /// Sends `GET target` with `Connection: close` and collects the answer on the calling thread, blocking it.
    static func blockingGet(_ target: String, port: Int, timeout: Double = patience) throws -> Exchange {
        let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        return try exchange(request, port: port, timeout: timeout, untilClosed: false)
    }

    private static func exchange(_ request: String, port: Int, timeout: Double, untilClosed: Bool) throws -> Exchange {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ConnectError(code: errno) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw ConnectError(code: errno) }
        var interval = timeval(tv_sec: .init(timeout), tv_usec: .init((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        let requestBytes = Array(request.utf8)
        var sent = 0
        while sent < requestBytes.count {
            let count = requestBytes[sent...].withUnsafeBytes { sendSome(fd, $0) }
            guard count > 0 else { return Exchange(bytes: [], end: .closedByServer) }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[0..<count]
                if !untilClosed, let response = parse(received), let length = response.contentLength,
                    response.body.count >= length
                {
                    return Exchange(bytes: received, end: .complete)
                }
            } else if count == 0 || errno == ECONNRESET {
                return Exchange(bytes: received, end: .closedByServer)
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return Exchange(bytes: received, end: .timedOut)
            } else if errno != EINTR {
                return Exchange(bytes: received, end: .closedByServer)
            }
        }
    }

    private static func sendSome(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
            return Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #else
            return Darwin.send(fd, bytes.baseAddress, bytes.count, 0)
        #endif
    }

    /// Parses a response head and the body bytes after it; nil until the head is complete.
    static func parse(_ bytes: [UInt8]) -> Response? {
        let separator = Array("\r\n\r\n".utf8)
        guard bytes.count >= 4,
            let headEnd = (0...(bytes.count - 4)).first(where: { bytes[$0..<($0 + 4)].elementsEqual(separator) })
        else {
            return nil
        }
        let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Response(status: status, headers: headers, body: Array(bytes[(headEnd + 4)...]))
    }
}
