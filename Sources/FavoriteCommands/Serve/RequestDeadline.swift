import NIOCore
import NIOHTTP1

/// Closes a connection whose client is too slow: one that takes longer than the timeout to send (the rest of) a
/// request, stays idle that long between two requests, or does not take an answer being written to it.
///
/// The clock stops while an answer is being built: however long the server takes to read the database, the
/// connection stays open until the answer is written. It sits after NIO's HTTP server handlers, so it sees request
/// and response parts.
final class RequestDeadline: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What the connection is doing; the clock runs in every state but `answering`.
    private enum State {
        /// Waiting for a request, or for the rest of one.
        case receiving
        /// A whole request arrived; the server is building its answer.
        case answering
        /// The answer is being written.
        case sending
    }

    private let timeout: TimeAmount
    private var state = State.receiving
    private var deadline: Scheduled<Void>?

    /// - Parameter timeout: How long each of receiving a request and sending its answer may take.
    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { restart(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        restart(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            // The body must follow within the timeout too: its pieces do not start the clock again, or a client
            // sending a byte now and then would keep the connection for good.
            state = .receiving
            restart(context)
        case .body:
            break
        case .end:
            state = .answering
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head:
            state = .sending
            restart(context)
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            // Once the answer is out, the clock runs for the next request, unless one already came in (pipelining).
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.assumeIsolated().whenSuccess { [self] in
                guard state == .sending else { return }
                state = .receiving
                restart(context)
            }
            written.futureResult.cascade(to: promise)
            context.write(data, promise: written)
        }
    }

    /// Starts the clock again from now.
    private func restart(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            context.close(promise: nil)
        }
    }
}
