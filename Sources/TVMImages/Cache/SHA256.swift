import TVMRecords

/// SHA-256 (FIPS 180-4), small and self-contained, for naming cache files after their URLs.
///
/// The toolkit does not depend on a crypto library: SHA-256 is needed only to turn a URL into a stable file
/// name that cannot escape the cache folder, and this implementation is checked against the FIPS test vectors.
/// It is not meant for secrets (it makes no attempt at constant time).
///
/// ```swift
/// SHA256.hexDigest(of: "abc")
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
public struct SHA256: Sendable {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    /// Creates a hasher with nothing hashed yet.
    public init() {
        buffer.reserveCapacity(64)
    }

    /// Adds bytes to the message.
    ///
    /// - Parameter bytes: The next part of the message.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            buffer.append(byte)
            length &+= 1
            if buffer.count == 64 {
                compress(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Pads the message and returns its 32-byte digest. The hasher should not be used afterwards.
    public mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        buffer.append(0x80)
        if buffer.count > 56 {
            buffer.append(contentsOf: [UInt8](repeating: 0, count: 64 - buffer.count))
            compress(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
        buffer.append(contentsOf: [UInt8](repeating: 0, count: 56 - buffer.count))
        for shift in stride(from: 56, through: 0, by: -8) {
            buffer.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        compress(buffer)
        buffer.removeAll()
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in state {
            digest += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8)]
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// The digest of a whole message.
    ///
    /// - Parameter bytes: The message.
    /// - Returns: 32 bytes.
    public static func digest(of bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of a string's UTF-8 bytes, as 64 lower-case hexadecimal digits.
    ///
    /// - Parameter text: The message, e.g. an image URL.
    /// - Returns: The hex digest.
    public static func hexDigest(of text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in digest(of: text.utf8) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }

    /// Processes one 64-byte block.
    private mutating func compress(_ block: [UInt8]) {
        var schedule = [UInt32](repeating: 0, count: 64)
        for index in 0..<16 {
            let base = index * 4
            schedule[index] =
                UInt32(block[base]) << 24 | UInt32(block[base + 1]) << 16 | UInt32(block[base + 2]) << 8
                | UInt32(block[base + 3])
        }
        for index in 16..<64 {
            let early = schedule[index - 15]
            let late = schedule[index - 2]
            let sigma0 = Self.rotateRight(early, 7) ^ Self.rotateRight(early, 18) ^ (early >> 3)
            let sigma1 = Self.rotateRight(late, 17) ^ Self.rotateRight(late, 19) ^ (late >> 10)
            schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
        }
        var (a, b, c, d) = (state[0], state[1], state[2], state[3])
        var (e, f, g, h) = (state[4], state[5], state[6], state[7])
        for index in 0..<64 {
            let sum1 = Self.rotateRight(e, 6) ^ Self.rotateRight(e, 11) ^ Self.rotateRight(e, 25)
            let choice = (e & f) ^ (~e & g)
            let temp1 = h &+ sum1 &+ choice &+ Self.roundConstants[index] &+ schedule[index]
            let sum0 = Self.rotateRight(a, 2) ^ Self.rotateRight(a, 13) ^ Self.rotateRight(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temp2 = sum0 &+ majority
            (h, g, f, e) = (g, f, e, d &+ temp1)
            (d, c, b, a) = (c, b, a, temp1 &+ temp2)
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
    }
}
