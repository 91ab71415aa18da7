import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("SHA-256, the hash that names cache files")
struct SHA256Tests {
    @Test("matches the FIPS 180-4 test vectors")
    func fipsVectors() {
        #expect(SHA256.hexDigest(of: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(of: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hexDigest(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hexDigest(
                of: "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                    + "mnopqrstnopqrstu")
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test("a million 'a's hashes right, fed in uneven pieces")
    func millionAs() {
        var hasher = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 999)
        var fed = 0
        while fed < 1_000_000 {
            let count = min(piece.count, 1_000_000 - fed)
            hasher.update(piece.prefix(count))
            fed += count
        }
        let hex = hasher.finalize().map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        #expect(hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("messages of 55, 56 and 64 bytes straddle the padding boundary correctly")
    func paddingBoundaries() {
        #expect(
            SHA256.hexDigest(of: String(repeating: "a", count: 55))
                == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(
            SHA256.hexDigest(of: String(repeating: "a", count: 56))
                == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(
            SHA256.hexDigest(of: String(repeating: "a", count: 64))
                == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }
}
