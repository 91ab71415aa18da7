import Foundation
import GRDB
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("FavoritesStore on in-memory and temporary databases")
struct FavoritesStoreTests {
    typealias Fixtures = RawJSONFixtures

    /// Complete show records from a recorded page of the show index.
    private func shows(_ page: Int = 2, count: Int = 5) throws -> [ShowRecord] {
        try RawJSON.elements(ofArray: Fixtures.bytes("shows/page-\(page).json")).prefix(count).map {
            try #require(try ShowRecord(json: $0))
        }
    }

    private func memoryStore() async throws -> (FavoritesStore, DatabaseQueue) {
        let queue = try DatabaseQueue()
        return (try await FavoritesStore(writer: queue), queue)
    }

    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tvm-store-\(UUID().uuidString)")
            .appendingPathComponent("tvm.sqlite").path
    }

    @Test(
        "the migrations create the favorite table with its columns, checked_at (v3), the viewing-order index (v4), the window index (v5), optional mark times (v6), the account tables (v7) and favorite_missing (v8)"
    )
    func schema() async throws {
        let (_, queue) = try await memoryStore()
        let columns = try await queue.read { db in try db.columns(in: "favorite").map(\.name) }
        #expect(columns == ["id", "name", "record", "added_at", "updated_at", "position", "episodes_at", "checked_at"])
        let applied = try await queue.read { db in try FavoritesStore.migrator.appliedMigrations(db) }
        #expect(
            applied == [
                "v1-favorite", "v2-episodes-and-marks", "v3-changes", "v4-episode-order", "v5-episode-window",
                "v6-optional-watched-at", "v7-account", "v8-missing-favorites",
            ])
        let accountTables = try await queue.read { db in
            try ["account_ledger", "account_unmark", "account_other_mark", "account_state"].filter {
                try db.tableExists($0)
            }
        }
        #expect(accountTables.count == 4)
        let primaryKey = try await queue.read { db in try db.primaryKey("favorite").columns }
        #expect(primaryKey == ["id"])
        // tvm-fav next walks this index in viewing order: the plan must use it and sort nothing.
        let indexes = try await queue.read { db in try db.indexes(on: "episode").map(\.name).sorted() }
        #expect(indexes == ["episode_airs_at", "episode_order", "episode_show", "episode_window"])
        let plan = try await queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    EXPLAIN QUERY PLAN SELECT e.id FROM episode AS e WHERE e.show_id = 1 AND e.regular = 1
                      AND e.airs_at <= 0 ORDER BY e.season, e.number, e.position LIMIT 1
                    """
            ).map { row -> String in row["detail"] }.joined(separator: "\n")
        }
        #expect(plan.contains("episode_order"))
        #expect(!plan.contains("TEMP B-TREE"))
        // A show's week ahead reads only the episodes in the window, found by the window index.
        let windowPlan = try await queue.read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN " + FavoritesStore.episodesAiringSQL, arguments: ["[1,2]", 0, 1]
            )
            .map { row -> String in row["detail"] }.joined(separator: "\n")
        }
        #expect(windowPlan.contains("episode_window (show_id=? AND airs_at>? AND airs_at<?)"))
        // tvm-fav next's counts and next episode come from episode_order alone, never from the window index.
        let upNextPlan = try await queue.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + FavoritesStore.upNextSQL, arguments: ["now": 0])
                .map { row -> String in row["detail"] }.joined(separator: "\n")
        }
        #expect(!upNextPlan.contains("episode_window"))
        let episodeSteps = upNextPlan.split(separator: "\n").filter { $0.contains(" e ") }
        #expect(!episodeSteps.isEmpty)
        #expect(episodeSteps.allSatisfy { $0.contains("USING COVERING INDEX episode_order") }, "\(upNextPlan)")
    }

    @Test("recordAddingTVM gives addingTVM's bytes, for saved records and for records edited outside tvm")
    func recordAddingTVM() async throws {
        let (store, _) = try await memoryStore()
        _ = try await store.save(try shows(count: 20))
        let fields: [(key: String, value: [UInt8])] = [
            ("favorite", JSONText.bool(true)), ("added_at", JSONText.string("2024-03-01T12:34:56.078Z")),
        ]
        let saved = try await store.favorites()
        #expect(saved.count == 20)
        for favorite in saved {
            #expect(try favorite.recordAddingTVM(fields) == RawJSON.addingTVM(fields, to: favorite.recordBytes))
        }
        var edited = try #require(saved.first)
        for record in [
            #"{}"#, #"{"id":1,"_tvm":{"score":3}}"#, #"{"id":1,"x":{"_tvm":1}}"#, #" {"id":1} "#, #"{"id":1}"#,
        ] {
            edited.record = record
            #expect(
                try edited.recordAddingTVM(fields) == RawJSON.addingTVM(fields, to: Array(record.utf8)), "\(record)")
        }
    }

    @Test("a saved record is the show's exact bytes, with id and name in their own columns")
    func savesWholeRecords() async throws {
        let (store, queue) = try await memoryStore()
        let records = try shows()
        let summary = try await store.save(records)
        #expect(summary == SaveSummary(added: 5, updated: 0))
        let saved = try await store.favorites()
        #expect(saved.map(\.recordBytes) == records.map(\.json))
        #expect(saved.map(\.id) == records.map(\.id))
        #expect(saved.map(\.name) == records.map(\.name))
        let text = try await queue.read { db in
            try String.fetchOne(db, sql: "SELECT record FROM favorite WHERE id = ?", arguments: [records[0].id])
        }
        #expect(text.map { Array($0.utf8) } == records[0].json)
        let valid = try await queue.read { db in
            try Int.fetchOne(db, sql: "SELECT min(json_valid(record)) FROM favorite")
        }
        #expect(valid == 1)
    }

    @Test("saving a show again updates its record, keeps its place and date, and never duplicates it")
    func reAddUpdates() async throws {
        let (store, _) = try await memoryStore()
        let records = try shows(count: 3)
        let first = Date(timeIntervalSince1970: 1_700_000_000)
        _ = try await store.save(records, at: first)
        let renamed = try #require(
            try ShowRecord(
                json: Array(
                    String(decoding: records[0].json, as: UTF8.self)
                        .replacingOccurrences(of: "\"name\":\"\(records[0].name)\"", with: "\"name\":\"Renamed\"").utf8)
            ))
        let later = first.addingTimeInterval(60)
        let summary = try await store.save([renamed, try shows(1, count: 1)[0]], at: later)
        // The rename is recorded for tvm-fav changes, whoever saves.
        #expect(summary.added == 1 && summary.updated == 1 && summary.changes == 1)
        #expect(try await store.count() == 4)
        let again = try #require(try await store.favorite(id: records[0].id))
        #expect(again.name == "Renamed")
        #expect(again.recordBytes == renamed.json)
        #expect(again.addedAt == first)
        #expect(again.updatedAt == later)
        #expect(try await store.favorites(sortedBy: .added).first?.id == records[0].id)
    }

    @Test("favorites sort by order of saving, by name ignoring case, or by id")
    func sorting() async throws {
        let (store, _) = try await memoryStore()
        let records = try shows(0, count: 6).reversed() + shows(1, count: 2)
        _ = try await store.save(Array(records))
        #expect(try await store.favorites(sortedBy: .added).map(\.id) == records.map(\.id))
        #expect(try await store.favorites(sortedBy: .id).map(\.id) == records.map(\.id).sorted())
        let byName = records.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        #expect(try await store.favorites(sortedBy: .name).map(\.id) == byName.map(\.id))
    }

    @Test("a batch is one transaction: when one row fails, none of the batch is saved")
    func batchIsAtomic() async throws {
        let (store, queue) = try await memoryStore()
        let records = try shows(count: 4)
        _ = try await store.save([records[0]])
        try await queue.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER refuse BEFORE INSERT ON favorite WHEN NEW.id = \(records[2].id)
                    BEGIN SELECT RAISE(ABORT, 'refused by test'); END
                    """)
        }
        await #expect(throws: StoreError.self) { _ = try await store.save(Array(records[1...])) }
        #expect(try await store.favorites().map(\.id) == [records[0].id])
    }

    @Test("remove deletes the given favorites only and ignores unknown ids")
    func remove() async throws {
        let (store, _) = try await memoryStore()
        let records = try shows(count: 4)
        _ = try await store.save(records)
        #expect(try await store.remove(ids: [records[1].id, records[3].id, 99_999_999]) == 2)
        #expect(try await store.favorites().map(\.id) == [records[0].id, records[2].id])
        #expect(try await store.savedIDs(among: records.map(\.id)) == [records[0].id, records[2].id])
        #expect(try await store.allIDs() == [records[0].id, records[2].id])
    }

    @Test("refresh replaces records of favorites only, and never brings back a deleted one")
    func refresh() async throws {
        let (store, _) = try await memoryStore()
        let records = try shows(count: 3)
        _ = try await store.save(records)
        _ = try await store.remove(ids: [records[1].id])
        let updated = try await store.refresh(records)
        #expect(updated == [records[0].id, records[2].id])
        #expect(try await store.count() == 2)
    }

    @Test("a full disk fails with diskFull and leaves the database as it was")
    func diskFull() async throws {
        let (store, queue) = try await memoryStore()
        _ = try await store.save(try shows(count: 1))
        let pages = try await queue.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
        try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = \(pages + 1)") }
        let many = try shows(1, count: 200)
        await #expect(throws: StoreError.diskFull(path: store.path)) { _ = try await store.save(many) }
        #expect(try await store.count() == 1)
    }

    @Test("a read-only database fails with readOnly")
    func readOnly() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        _ = try await FavoritesStore(path: path).save(try shows(count: 1))
        var configuration = Configuration()
        configuration.readonly = true
        let store = try await FavoritesStore(writer: try DatabaseQueue(path: path, configuration: configuration))
        #expect(try await store.count() == 1)
        await #expect(throws: StoreError.readOnly(path: path)) { _ = try await store.save(try shows(1, count: 1)) }
    }

    @Test("a database locked by another connection fails with locked after the lock timeout")
    func locked() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = try await FavoritesStore(path: path, lockTimeout: 0.2)
        var unsafe = Configuration()
        unsafe.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: unsafe)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let started = ContinuousClock.now
        await #expect(throws: StoreError.locked(path: path, timeout: 0.2)) { _ = try await store.save(try shows()) }
        #expect(ContinuousClock.now - started >= .milliseconds(150))
        try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        #expect(try await store.save(try shows()).added == 5)
    }

    @Test("a file that is not a database, and a schema from a newer version, are refused with clear errors")
    func refusals() async throws {
        let path = temporaryPath()
        let folder = (path as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        await #expect {
            _ = try await FavoritesStore(path: path)
        } throws: { error in
            guard case .notADatabase(let where_, _) = error as? StoreError else { return false }
            return where_ == path
        }
        let queue = try DatabaseQueue()
        _ = try await FavoritesStore(writer: queue)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-future')")
        }
        await #expect(throws: StoreError.unknownSchema(path: queue.path, migrations: ["v9-future"])) {
            _ = try await FavoritesStore(writer: queue)
        }
    }

    @Test("store errors quote the file and say what to do")
    func messages() {
        #expect(StoreError.readOnly(path: "/x/tvm.sqlite").localizedDescription.contains("/x/tvm.sqlite"))
        #expect(StoreError.locked(path: "/x", timeout: 5).localizedDescription.contains("--lock-timeout"))
        let full = StoreError.from(DatabaseError(resultCode: .SQLITE_FULL), path: "/x", operation: "saving", timeout: 5)
        #expect(full == .diskFull(path: "/x"))
        let busy = StoreError.from(DatabaseError(resultCode: .SQLITE_BUSY), path: "/x", operation: "saving", timeout: 1)
        #expect(busy == .locked(path: "/x", timeout: 1))
    }
}
