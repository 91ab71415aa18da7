import ArgumentParser
import Foundation
import TVMRecords
import TVMStore

/// The option of tools that use the show catalogue: `--catalog`.
package struct CatalogOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("catalog"),
        help: ArgumentHelp(
            "The show catalogue (default: $TVM_CATALOG, else $XDG_DATA_HOME/tvm/catalog.sqlite).",
            valueName: "path"),
        completion: .file()
    )
    package var catalog: String?

    /// Creates the option with its default.
    package init() {}

    /// Checks the path.
    package func validate() throws {
        if let catalog, catalog.isEmpty { throw ValidationError("--catalog needs a file path") }
        if let catalog, FilePath.namesFolder(catalog) {
            throw ValidationError(
                "--catalog '\(catalog)' names a folder: give a file path, such as "
                    + FilePath.inFolder(catalog, "catalog.sqlite"))
        }
    }

    /// The catalogue file from `--catalog`, then `TVM_CATALOG` (a leading `~/` expanded), then the XDG data folder.
    ///
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - directories: The XDG folders.
    /// - Returns: The path of the catalogue file.
    package func path(environment: [String: String], directories: XDGDirectories) -> String {
        if let catalog, !catalog.isEmpty { return catalog }
        if let value = environment["TVM_CATALOG"], !value.isEmpty {
            return FilePath.expandingTilde(value, home: environment["HOME"])
        }
        return directories.data + "/catalog.sqlite"
    }
}

extension ToolRuntime {
    /// Opens the show catalogue, telling the user when a damaged file was moved aside.
    ///
    /// - Parameters:
    ///   - options: The `--catalog` option.
    ///   - access: Whether the run writes.
    ///   - repairing: Whether a damaged file is moved aside and made anew (`catalog sync --full`).
    /// - Returns: The store.
    /// - Throws: ``CatalogError`` (reported with exit 69 for a missing catalogue, 74 otherwise).
    package func openCatalog(_ options: CatalogOptions, access: CatalogStore.Access, repairing: Bool = false) throws
        -> CatalogStore
    {
        let path = catalogPath(options)
        let diagnostics = self.diagnostics
        return try CatalogStore.open(path: path, access: access, repairing: repairing) { event in
            switch event {
            case .movedAside(let aside, let reason):
                diagnostics.warning(
                    "the show catalogue \(path) was damaged (\(reason)); it was moved to \(aside)"
                        + (access == .readWrite ? " and is made anew" : ""))
            case .reindexing(let shows):
                diagnostics.note(
                    "rebuilding the search index of the show catalogue \(path) for this version of tvm (\(shows) shows); this is done once"
                )
            }
        }
    }

    /// The catalogue file for this run.
    ///
    /// - Parameter options: The `--catalog` option.
    /// - Returns: The path.
    package func catalogPath(_ options: CatalogOptions) -> String {
        options.path(environment: terminal.environment, directories: directories)
    }
}

extension CatalogError: ReportedError {
    /// Reports the error; a missing catalogue earns 69 (unavailable: make one with `tvm-fetch catalog sync`), any
    /// other problem 74.
    package func report(to runtime: ToolRuntime) {
        runtime.diagnostics.error(localizedDescription)
        if case .missing = self { runtime.raise(.unavailable) } else { runtime.raise(.ioError) }
    }
}

extension CatalogSort: ExpressibleByArgument {}
