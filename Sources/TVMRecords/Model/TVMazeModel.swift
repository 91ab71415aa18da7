import Foundation

/// A lenient model of a TVMaze API object: every property is optional, and a field that is absent, `null`
/// or of an unexpected type decodes as `nil` instead of failing the record.
///
/// The models are for reading values (names, ids, dates) out of records; the records themselves pass
/// through the tools as raw bytes (see ``RawJSON``), so nothing is lost by decoding.
public protocol TVMazeModel: Decodable, Sendable, Equatable {}

extension TVMazeModel {
    /// Decodes the model from the JSON text of one record.
    ///
    /// ```swift
    /// let show = try Show(json: line.get())
    /// ```
    /// - Parameter bytes: A JSON object (a `_tvm` member or unknown fields are ignored).
    /// - Throws: `DecodingError` if `bytes` is not valid JSON or not an object. Field problems never throw.
    public init(json bytes: some Collection<UInt8>) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(bytes))
    }
}
