import NIOCore
import NIOHTTP1

/// Answers the HTTP requests of one connection by asking the ``Responder`` and carrying out its plans.
///
/// Delays are scheduled on the channel's event loop; pipelined requests wait in NIO's pipelining handler until
/// the previous response has ended, so a stalled or delayed answer holds up the rest of its connection only.
final class ReplayChannelHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let responder: Responder
    /// The connection's number in the request log.
    private let connection: Int
    private var request: (head: HTTPRequestHead, arrival: ContinuousClock.Instant)?
    /// The body of the request being read.
    private var body: [UInt8] = []
    private var scheduled: [Int: Scheduled<Void>] = [:]
    private var nextTaskID = 0

    init(responder: Responder, connection: Int) {
        self.responder = responder
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            request = (head, responder.clock.now)
            body = []
        case .body(let part):
            body += part.readableBytesView
        case .end:
            guard let (head, arrival) = request else { return }
            request = nil
            let plan = responder.respond(
                method: head.method.rawValue, target: head.uri,
                headers: head.headers.map { (name: $0.name, value: $0.value) }, body: body, arrival: arrival,
                connection: connection)
            body = []
            let delay = TimeAmount.nanoseconds(plan.delay.wholeNanoseconds)
            guard delay > .zero else {
                send(plan, for: head, context: context)
                return
            }
            let taskID = nextTaskID
            nextTaskID += 1
            scheduled[taskID] = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
                self.scheduled[taskID] = nil
                self.send(plan, for: head, context: context)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        for task in scheduled.values {
            task.cancel()
        }
        scheduled.removeAll()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func send(_ plan: ResponsePlan, for request: HTTPRequestHead, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        switch plan.delivery {
        case .never:
            return
        case .closeBeforeResponse:
            context.close(promise: nil)
            return
        case .unframed, .generated:
            sendUnframed(plan, for: request, context: context)
            return
        case .complete, .closeAfterHeaders, .truncated, .dripped:
            break
        }
        var headers = plan.headers
        headers.replaceOrAdd(name: "Content-Length", value: String(plan.body.count))
        if !request.isKeepAlive {
            headers.replaceOrAdd(name: "Connection", value: "close")
        }
        let status = HTTPResponseStatus(statusCode: plan.status)
        let head = HTTPResponseHead(version: request.version, status: status, headers: headers)
        let includesBody = request.method != .HEAD
        switch plan.delivery {
        case .closeAfterHeaders:
            closeAfter(context.writeAndFlush(wrapOutboundOut(.head(head))), context: context)
        case .dripped(let every):
            context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
            drip(includesBody ? plan.body[...] : [], every: every, request: request, context: context)
        case .truncated(let keepingBytes):
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            let part = ByteBuffer(bytes: plan.body.prefix(includesBody ? keepingBytes : 0))
            closeAfter(context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(part)))), context: context)
        default:
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            if includesBody, !plan.body.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: plan.body)))), promise: nil)
            }
            let ended = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !request.isKeepAlive {
                closeAfter(ended, context: context)
            }
        }
    }

    /// The deliveries whose body only the closing of the connection ends (HTTP/1.0 without `Content-Length`),
    /// and the generated image, which may announce its length.
    private func sendUnframed(_ plan: ResponsePlan, for request: HTTPRequestHead, context: ChannelHandlerContext) {
        var headers = plan.headers
        headers.remove(name: "Content-Length")
        headers.replaceOrAdd(name: "Connection", value: "close")
        let includesBody = request.method != .HEAD
        var version = HTTPVersion.http1_0
        switch plan.delivery {
        case .generated(let bytes, true):
            headers.replaceOrAdd(name: "Content-Length", value: String(bytes))
            version = request.version
        default:
            break
        }
        let status = HTTPResponseStatus(statusCode: plan.status)
        let head = HTTPResponseHead(version: version, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        switch plan.delivery {
        case .generated(let bytes, _) where includesBody:
            context.flush()
            writeGenerated(from: 0, of: bytes, shape: plan.generatedShape, context: context)
        case .unframed(let keeping) where includesBody:
            let part = ByteBuffer(bytes: plan.body.prefix(keeping ?? plan.body.count))
            closeAfter(context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(part)))), context: context)
        default:
            closeAfter(context.writeAndFlush(wrapOutboundOut(.end(nil))), context: context)
        }
    }

    /// The size of the chunks a generated image is sent in.
    private static let generatedChunk = 256 * 1024

    /// Sends bytes `offset..<total` of a generated body (its head, filler, its tail), one chunk at a time:
    /// the next chunk is made only once the socket has taken this one, so a client that reads slowly (or stops)
    /// holds the server at one chunk. Closes the connection at the end, or when a write fails.
    private func writeGenerated(
        from offset: Int, of total: Int, shape: ResponsePlan.GeneratedShape, context: ChannelHandlerContext
    ) {
        guard context.channel.isActive else { return }
        guard offset < total else {
            context.close(promise: nil)
            return
        }
        let size = min(Self.generatedChunk, total - offset)
        var chunk = context.channel.allocator.buffer(capacity: size)
        chunk.writeRepeatingByte(shape.filler, count: size)
        let markers =
            shape.head.enumerated().map { ($0.offset, $0.element) }
            + shape.tail.enumerated().map { (total - shape.tail.count + $0.offset, $0.element) }
        for (position, byte) in markers where position >= offset && position < offset + size {
            chunk.setInteger(byte, at: position - offset)
        }
        let written = context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(chunk))))
        written.assumeIsolated().whenComplete { [self] result in
            guard case .success = result else {
                context.close(promise: nil)
                return
            }
            // Through the event loop, not directly: a write that completes at once would otherwise recurse once
            // per chunk.
            context.eventLoop.assumeIsolated().execute {
                self.writeGenerated(from: offset + size, of: total, shape: shape, context: context)
            }
        }
    }

    /// Sends `rest` one byte every `every`, then ends the response.
    private func drip(
        _ rest: ArraySlice<UInt8>, every: Duration, request: HTTPRequestHead, context: ChannelHandlerContext
    ) {
        guard context.channel.isActive else { return }
        guard let byte = rest.first else {
            let ended = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !request.isKeepAlive { closeAfter(ended, context: context) }
            return
        }
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: [byte])))), promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(every.wholeMilliseconds))) {
            self.drip(rest.dropFirst(), every: every, request: request, context: context)
        }
    }

    private func closeAfter(_ written: EventLoopFuture<Void>, context: ChannelHandlerContext) {
        written.assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
