import ArgumentParser
import Foundation
import TVMRecords
import TVMStore

/// The options of tools that use the favorites database: `--db` and `--lock-timeout`.
package struct StoreOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The favorites database (default: $TVM_DB, else $XDG_DATA_HOME/tvm/tvm.sqlite).", valueName: "path"),
        completion: .file()
    )
    package var db: String?

    @Option(
        name: .customLong("lock-timeout"),
        help: ArgumentHelp(
            "How long a save or delete waits for another tvm-fav to finish, in seconds.", valueName: "seconds")
    )
    package var lockTimeout: Double = FavoritesStore.defaultLockTimeout

    /// Creates the options with their defaults.
    package init() {}

    /// Checks ranges.
    package func validate() throws {
        try Self.validate(db: db, lockTimeout: lockTimeout)
    }

    /// Checks the values of `--db` and `--lock-timeout`, however they were read.
    ///
    /// - Parameters:
    ///   - db: The `--db` value, if given.
    /// - Throws: `ValidationError` naming the option and what it takes.
    package static func validate(db: String?, lockTimeout: Double) throws {
        guard lockTimeout >= 0, lockTimeout <= 3600 else {
            throw ValidationError("--lock-timeout must be between 0 and 3600 seconds")
        }
        if let db, db.isEmpty { throw ValidationError("--db needs a file path") }
        if let db, FilePath.namesFolder(db) {
            throw ValidationError(
                "--db '\(db)' names a folder: give a file path, such as \(FilePath.inFolder(db, "tvm.sqlite"))")
        }
    }

    /// The database file from `--db`, then `TVM_DB`, then the XDG data folder.
    ///
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - directories: The XDG folders.
    /// - Returns: The path of the database file.
    package func path(environment: [String: String], directories: XDGDirectories) -> String {
        Self.path(db: db, environment: environment, directories: directories)
    }

    /// The database file from a `--db` value, then `TVM_DB` (a leading `~/` expanded, as no shell did), then the
    /// XDG data folder.
    ///
    /// - Parameters:
    ///   - db: The `--db` value, if given.
    ///   - environment: The process environment.
    ///   - directories: The XDG folders.
    /// - Returns: The path of the database file.
    package static func path(db: String?, environment: [String: String], directories: XDGDirectories) -> String {
        if let db, !db.isEmpty { return db }
        if let value = environment["TVM_DB"], !value.isEmpty {
            return FilePath.expandingTilde(value, home: environment["HOME"])
        }
        return directories.data + "/tvm.sqlite"
    }
}
