import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One image on its way into an ``ImageCache``: a hidden temporary file in the cache folder, written chunk by
/// chunk as the download arrives, then checked and renamed to its entry name by ``commit()``.
///
/// Only the first and last bytes are kept in memory (for the signature and the end check), so an image of any
/// size costs the chunk in hand. A writer that is not committed removes its temporary file (``discard()``, when
/// it is released, or when Ctrl-C or SIGTERM ends the process), so a failed or abandoned download leaves nothing
/// behind.
///
/// ```swift
/// let writer = try cache.writer(for: url)
/// while let chunk = try await body.next() { try writer.write(chunk) }
/// if writer.problem == nil { path = try writer.commit() }
/// ```
public final class ImageCacheWriter {
    /// The URL the image comes from; it names the entry.
    public let url: String
    /// How many bytes have been written.
    public private(set) var count = 0
    private let cache: ImageCache
    private let temporaryPath: String
    private var descriptor: Int32
    private var head: [UInt8] = []
    private var tail: [UInt8] = []
    /// The temporary file's place among the files Ctrl-C removes (``SignalCleanup``).
    private var cleanupSlot: Int?

    /// Opens a new temporary file for `url` in the cache folder.
    ///
    /// - Throws: ``ImageCacheError/writeFailed(path:reason:)`` when the file cannot be created.
    init(cache: ImageCache, url: String) throws(ImageCacheError) {
        self.cache = cache
        self.url = url
        temporaryPath =
            cache.directory + "/." + ImageCache.stem(for: url) + "." + String(getpid()) + "-"
            + String(UInt64.random(in: 0...UInt64.max), radix: 16) + ImageCache.temporarySuffix
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: temporaryPath, reason: ImageCache.errnoText()) }
        cleanupSlot = SignalCleanup.removeOnSignal(temporaryPath)
    }

    deinit {
        discard()
    }

    /// Appends bytes to the file.
    ///
    /// - Parameter bytes: The next part of the image.
    /// - Throws: ``ImageCacheError/writeFailed(path:reason:)`` (a full disk, say); the file is then removed.
    public func write(_ bytes: [UInt8]) throws(ImageCacheError) {
        guard descriptor >= 0 else { throw .writeFailed(path: temporaryPath, reason: "already closed") }
        if head.count < 12 { head += bytes.prefix(12 - head.count) }
        tail = Array((tail + bytes.suffix(ImageFormat.tailLength)).suffix(ImageFormat.tailLength))
        let failure = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
        count += bytes.count
        if let failure {
            discard()
            throw .writeFailed(path: cache.path(for: url, format: format ?? .jpeg), reason: failure)
        }
    }

    /// The format the first bytes announce, or `nil` while they are too few or when they are no known signature.
    public var format: ImageFormat? {
        ImageFormat(signatureOf: head)
    }

    /// Why the bytes written so far cannot start an image, once enough of them are there to tell; `nil` while
    /// they may. A download can stop reading as soon as this is set.
    public var startProblem: String? {
        guard head.count >= 12, format == nil else { return nil }
        return ImageFormat.signatureProblem(head: head, length: nil)
    }

    /// Why the bytes written are not a whole JPEG, PNG or WebP image (no signature, or cut short), or `nil` when
    /// they are one and ``commit()`` will store them.
    public var problem: String? {
        guard let format else { return ImageFormat.signatureProblem(head: head, length: count) }
        return format.endProblem(head: head, tail: tail, length: count)
    }

    /// Closes the file and renames it to the entry's name, replacing any earlier copy.
    ///
    /// - Returns: The absolute path of the entry.
    /// - Throws: ``ImageCacheError/notAnImage(url:)`` or ``ImageCacheError/incomplete(url:detail:)`` when
    ///   ``problem`` is set, ``ImageCacheError/writeFailed(path:reason:)`` when the file cannot be closed or
    ///   renamed. On any failure the temporary file is removed.
    public func commit() throws(ImageCacheError) -> String {
        guard let format else {
            discard()
            throw .notAnImage(url: url)
        }
        if let problem {
            discard()
            throw .incomplete(url: url, detail: problem)
        }
        let destination = cache.path(for: url, format: format)
        var failure: String?
        if close(descriptor) != 0 { failure = ImageCache.errnoText() }
        descriptor = -1
        if failure == nil && rename(temporaryPath, destination) != 0 { failure = ImageCache.errnoText() }
        if failure != nil { unlink(temporaryPath) }
        forgetCleanup()
        if let failure { throw .writeFailed(path: destination, reason: failure) }
        return destination
    }

    /// Closes and removes the temporary file, unless ``commit()`` already renamed it. Safe to call twice.
    public func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
        forgetCleanup()
    }

    private func forgetCleanup() {
        if let cleanupSlot { SignalCleanup.forget(cleanupSlot) }
        cleanupSlot = nil
    }
}

/// Writes every byte to a file descriptor, going on after interruptions.
///
/// - Returns: The error text, or `nil` when everything was written.
private func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
    var offset = 0
    while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return ImageCache.errnoText()
        }
        offset += written
    }
    return nil
}
