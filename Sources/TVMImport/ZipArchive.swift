import CZlib
import Foundation
import TVMRecords

/// Reads chosen members of a ZIP file, never extracting anything to disk.
///
/// Only what is asked for is inflated, and never more than ``maxBytes`` in all: a member that inflates past it (a
/// zip bomb) ends the reading with an error. Members with a path that climbs out (`..`, `/`) or that are symbolic
/// links are refused one by one; an encrypted member, a ZIP cut short or a damaged member ends the reading.
struct ZipArchive {
    /// One member, as the central directory lists it.
    struct Member {
        var path: String
        var flags: UInt16
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var headerOffset: Int
        var isSymlink: Bool

        var name: String { path.split(separator: "/").last.map(String.init) ?? path }
        var isEncrypted: Bool { flags & 1 != 0 }
        var climbsOut: Bool { path.hasPrefix("/") || path.split(separator: "/").contains("..") || path.contains("\\") }
    }

    let path: String
    let members: [Member]
    private let handle: FileHandle
    private let length: Int
    /// The most bytes inflated from the archive in all.
    let maxBytes: Int

    /// Opens a ZIP and reads its central directory.
    ///
    /// - Throws: ``ImportError/badArchive(path:reason:)`` when it is not a ZIP, or is cut short.
    init(path: String, maxBytes: Int) throws(ImportError) {
        self.path = path
        self.maxBytes = maxBytes
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .cannotRead(path: path, reason: "it cannot be opened")
        }
        self.handle = handle
        do {
            length = Int(try handle.seekToEnd())
        } catch {
            throw .cannotRead(path: path, reason: error.localizedDescription)
        }
        let tailLength = min(length, 65_557)
        let tail = try Self.read(handle, at: length - tailLength, count: tailLength, path: path)
        guard let end = Self.lastIndex(of: [0x50, 0x4B, 0x05, 0x06], in: tail), end + 22 <= tail.count else {
            throw .badArchive(
                path: path, reason: "not a ZIP, or a ZIP cut short (no end of its central directory): download it again"
            )
        }
        let count = Int(Self.u16(tail, end + 10))
        let directorySize = Int(Self.u32(tail, end + 12))
        let directoryOffset = Int(Self.u32(tail, end + 16))
        guard directoryOffset != 0xFFFF_FFFF, count != 0xFFFF else {
            throw .badArchive(path: path, reason: "a ZIP64 archive, which tvm does not read: extract it with unzip")
        }
        guard directoryOffset + directorySize <= length else {
            throw .badArchive(
                path: path, reason: "the ZIP is cut short (its directory lies past its end): download it again")
        }
        let directory = try Self.read(handle, at: directoryOffset, count: directorySize, path: path)
        var members: [Member] = []
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= directory.count, Self.u32(directory, at) == 0x0201_4B50 else {
                throw .badArchive(path: path, reason: "its central directory is damaged: download it again")
            }
            let madeBy = Self.u16(directory, at + 4)
            let nameLength = Int(Self.u16(directory, at + 28))
            let extraLength = Int(Self.u16(directory, at + 30))
            let commentLength = Int(Self.u16(directory, at + 32))
            let external = Self.u32(directory, at + 38)
            guard at + 46 + nameLength <= directory.count else {
                throw .badArchive(path: path, reason: "its central directory is damaged: download it again")
            }
            let name = String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            let mode = external >> 16
            members.append(
                Member(
                    path: name, flags: Self.u16(directory, at + 8), method: Self.u16(directory, at + 10),
                    crc: Self.u32(directory, at + 16), compressedSize: Int(Self.u32(directory, at + 20)),
                    size: Int(Self.u32(directory, at + 24)), headerOffset: Int(Self.u32(directory, at + 42)),
                    isSymlink: madeBy >> 8 == 3 && mode & 0o170000 == 0o120000))
            at += 46 + nameLength + extraLength + commentLength
        }
        self.members = members
    }

    /// Inflates one member, counting its bytes against `budget`.
    ///
    /// - Throws: ``ImportError/badArchive(path:reason:)``.
    func contents(of member: Member, budget: inout Int) throws(ImportError) -> [UInt8] {
        let label = "\(path):\(member.path)"
        if member.isEncrypted {
            throw .badArchive(
                path: path,
                reason: """
                    \(member.path) is encrypted (a password-protected export): extract it with `unzip \(path)` \
                    (or `7z x`), which asks for the password, then import the folder
                    """)
        }
        let header = try Self.read(handle, at: member.headerOffset, count: 30, path: path)
        guard header.count == 30, Self.u32(header, 0) == 0x0403_4B50 else {
            throw .badArchive(path: path, reason: "\(member.path) is damaged or cut short: download it again")
        }
        let start = member.headerOffset + 30 + Int(Self.u16(header, 26)) + Int(Self.u16(header, 28))
        guard start + member.compressedSize <= length else {
            throw .badArchive(path: path, reason: "the ZIP is cut short inside \(member.path): download it again")
        }
        guard member.compressedSize <= budget else {
            throw Self.bomb(path, label: label, maxBytes: maxBytes)
        }
        let compressed = try Self.read(handle, at: start, count: member.compressedSize, path: path)
        let bytes: [UInt8]
        switch member.method {
        case 0:
            bytes = compressed
        case 8:
            bytes = try Self.inflate(
                compressed, size: member.size, budget: budget, path: path, label: label, maxBytes: maxBytes)
        default:
            throw .badArchive(
                path: path, reason: "\(member.path) is compressed with method \(member.method): extract it with unzip")
        }
        budget -= bytes.count
        let crc = bytes.withUnsafeBufferPointer { buffer in
            UInt32(crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
        guard crc == member.crc else {
            throw .badArchive(
                path: path, reason: "\(member.path) is damaged (its checksum is wrong): download it again")
        }
        return bytes
    }

    /// Inflates `input` into a buffer reserved for the `size` the directory declares (at most `budget`), so that a
    /// large member is not copied as it grows; the declared size is a hint, not trusted.
    private static func inflate(
        _ input: [UInt8], size: Int, budget: Int, path: String, label: String, maxBytes: Int
    ) throws(ImportError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .badArchive(path: path, reason: "zlib cannot start")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(min(size, budget))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = input
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                if output.count + produced > budget {
                    status = -100
                    return
                }
                output += chunk[0..<produced]
            } while status == Z_OK && (stream.avail_in > 0 || stream.avail_out == 0)
        }
        if status == -100 { throw bomb(path, label: label, maxBytes: maxBytes) }
        guard status == Z_STREAM_END else {
            throw .badArchive(path: path, reason: "\(label) is damaged or cut short: download it again")
        }
        return output
    }

    private static func bomb(_ path: String, label: String, maxBytes: Int) -> ImportError {
        .badArchive(
            path: path,
            reason: "\(label) inflates past the \(ByteSize(bytes: maxBytes)) --max-size, more than any export holds "
                + "(a zip bomb?); nothing was read from it")
    }

    private static func read(_ handle: FileHandle, at offset: Int, count: Int, path: String) throws(ImportError)
        -> [UInt8]
    {
        do {
            try handle.seek(toOffset: UInt64(max(0, offset)))
            return [UInt8](try handle.read(upToCount: count) ?? Data())
        } catch {
            throw .cannotRead(path: path, reason: error.localizedDescription)
        }
    }

    private static func lastIndex(of signature: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var index = bytes.count - 4
        while index >= 0 {
            if bytes[index] == signature[0] && bytes[index + 1] == signature[1] && bytes[index + 2] == signature[2]
                && bytes[index + 3] == signature[3]
            {
                return index
            }
            index -= 1
        }
        return nil
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
