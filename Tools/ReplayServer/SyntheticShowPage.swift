/// Builds `/shows?page=N` bodies for pages that were never recorded, from the pages that were.
///
/// Page N reuses recorded page `N % recordedCount` with the `"id"` of every top-level show shifted by
/// `250 * (N - N % recordedCount)`, so page N holds ids in 250N..250N+249 like the real index. Nested ids
/// (network, externals, links) and all other bytes, including the layout, are kept.
enum SyntheticShowPage {
    /// The ids TVMaze puts on one page of the show index.
    static let idsPerPage = 250

    /// The body of synthetic page `page`, built from `recorded`, the body of recorded page `page % recordedCount`.
    static func body(page: Int, recordedCount: Int, recorded: [UInt8]) -> [UInt8] {
        shiftingTopLevelIDs(in: recorded, by: idsPerPage * (page - page % recordedCount))
    }

    /// Adds `offset` to the `"id"` member of each object that is an element of the top-level array.
    static func shiftingTopLevelIDs(in bytes: [UInt8], by offset: Int) -> [UInt8] {
        guard offset != 0 else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 50)
        var containers: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let end = endOfString(in: bytes, openingAt: index)
                out.append(contentsOf: bytes[index..<end])
                let isShowMember =
                    containers.count == 2 && containers[0] == UInt8(ascii: "[") && containers[1] == UInt8(ascii: "{")
                if isShowMember, bytes[(index + 1)..<(end - 1)].elementsEqual("id".utf8),
                    let number = numberAfterColon(in: bytes, from: end)
                {
                    out.append(contentsOf: bytes[end..<number.start])
                    out.append(contentsOf: Array(String(number.value + offset).utf8))
                    index = number.end
                } else {
                    index = end
                }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                containers.append(byte)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                _ = containers.popLast()
            default:
                break
            }
            out.append(byte)
            index += 1
        }
        return out
    }

    /// The index just past the closing quote of the string opening at `start`.
    private static func endOfString(in bytes: [UInt8], openingAt start: Int) -> Int {
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index + 1, bytes.count)
    }

    /// The integer that follows optional whitespace, a colon and optional whitespace, if any.
    private static func numberAfterColon(in bytes: [UInt8], from start: Int) -> (start: Int, end: Int, value: Int)? {
        let whitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
        var index = start
        while index < bytes.count, whitespace.contains(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        while index < bytes.count, whitespace.contains(bytes[index]) { index += 1 }
        let numberStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > numberStart, let value = Int(String(decoding: bytes[numberStart..<index], as: UTF8.self)) else {
            return nil
        }
        return (numberStart, index, value)
    }
}
