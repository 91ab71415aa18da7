/// A destination for the bytes written by ``JSONLinesWriter``.
///
/// The tools write through ``FileDescriptorSink`` (stdout, files, pipes; buffered).
/// Sinks are reference types used from one task or thread at a time; they are not `Sendable`.
public protocol ByteSink: AnyObject {
    /// Appends `bytes` (possibly only to a buffer).
    ///
    /// - Parameter bytes: The bytes to write.
    /// - Throws: ``JSONLinesError/brokenPipe`` if the reader of a pipe went away,
    ///   ``JSONLinesError/writeFailed(errno:reason:)`` for other write errors.
    func write(_ bytes: UnsafeRawBufferPointer) throws(JSONLinesError)

    /// Called by ``JSONLinesWriter`` after each complete line (its newline included); line-buffered sinks flush.
    ///
    /// - Throws: The errors of ``write(_:)``.
    func endLine() throws(JSONLinesError)

    /// Writes out everything buffered.
    ///
    /// - Throws: The errors of ``write(_:)``.
    func flush() throws(JSONLinesError)
}
