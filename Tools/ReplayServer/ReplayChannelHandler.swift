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
        case .body:
            break
        case .end:
            guard let (head, arrival) = request else { return }
            request = nil
            let plan = responder.respond(
                method: head.method.rawValue, target: head.uri,
                headers: head.headers.map { (name: $0.name, value: $0.value) }, arrival: arrival,
                connection: connection)
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
        case .complete, .closeAfterHeaders, .truncated:
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

    private func closeAfter(_ written: EventLoopFuture<Void>, context: ChannelHandlerContext) {
        written.assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
