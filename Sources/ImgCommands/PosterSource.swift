import Foundation
import TVMCommandLine
import TVMImages
import TVMRecords
import TVMazeAPI

/// Counts the units of work submitted so far, for the progress line. Thread-safe.
final class WorkCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// The number counted so far.
    var value: Int { lock.withLock { count } }

    /// Counts one more.
    func increment() { lock.withLock { count += 1 } }
}

/// Turns the input into units of work, in order: stdin lines (split into their records and ids), or show ids
/// from the arguments. Show records are fetched here, one at a time, so the API sees a single connection.
struct PosterSource: Sendable {
    let client: APIClient
    let counter: WorkCounter
    let stdin: AnyByteSource

    /// Submits the records and ids of every stdin line; bad lines become problems in their place. A line over
    /// the record cap (``APIClient/maxRecordBytes``) is never held whole: it is a problem too, and the lines after it
    /// go on.
    func readStdin(_ submit: (PosterWork) async -> Void) async throws {
        for try await line in AsyncJSONLines(source: stdin, maxLineBytes: APIClient.maxRecordBytes) {
            // The output's reader went away: no more lines, show requests or downloads.
            try Task.checkCancellation()
            let items: [ImageInput.Item]
            do {
                items = try ImageInput.items(inLine: try line.get())
            } catch let error as JSONLinesError {
                await send(
                    .problem(PosterProblem(status: .badInput, message: "stdin \(error.localizedDescription)")), submit)
                continue
            } catch {
                let message = "stdin line \(line.number): \(error.localizedDescription)"
                await send(.problem(PosterProblem(status: .badInput, message: message)), submit)
                continue
            }
            let isList = line.record?.first == UInt8(ascii: "[")
            for (index, item) in items.enumerated() {
                let label = "stdin line \(line.number)" + (isList ? ", element \(index + 1)" : "")
                switch item {
                case .record(let bytes):
                    await send(.record(label: label, bytes: bytes), submit)
                case .showID(let id):
                    await send(await fetchShow(id, label: label), submit)
                }
            }
        }
    }

    /// Fetches each show and submits its record.
    func fetchShows(_ ids: [Int], _ submit: (PosterWork) async -> Void) async {
        for id in ids where !Task.isCancelled {
            await send(await fetchShow(id, label: nil), submit)
        }
    }

    private func send(_ work: PosterWork, _ submit: (PosterWork) async -> Void) async {
        counter.increment()
        await submit(work)
    }

    private func fetchShow(_ id: Int, label: String?) async -> PosterWork {
        let prefix = label.map { "\($0): " } ?? ""
        do {
            return .record(label: label ?? "show \(id)", bytes: try await client.fetch(.show(id: id)))
        } catch .notFound {
            return .problem(PosterProblem(status: .notFound, message: "\(prefix)show \(id) not found"))
        } catch {
            let message = "\(prefix)show \(id): \(error.localizedDescription)"
            return .problem(PosterProblem(status: ExitStatus.of(error), message: message))
        }
    }
}
