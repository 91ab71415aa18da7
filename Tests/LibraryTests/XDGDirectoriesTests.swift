import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("XDGDirectories")
struct XDGDirectoriesTests {
    @Test("without XDG variables the folders default under HOME")
    func defaultsFromHome() {
        let directories = XDGDirectories(environment: ["HOME": "/home/ada"])
        #expect(directories.data == "/home/ada/.local/share/tvm")
        #expect(directories.cache == "/home/ada/.cache/tvm")
        #expect(directories.state == "/home/ada/.local/state/tvm")
    }

    @Test("absolute XDG variables are used, each on its own")
    func absoluteVariables() {
        let directories = XDGDirectories(environment: [
            "HOME": "/home/ada", "XDG_DATA_HOME": "/d", "XDG_CACHE_HOME": "/var/cache/ada",
        ])
        #expect(directories.data == "/d/tvm")
        #expect(directories.cache == "/var/cache/ada/tvm")
        #expect(directories.state == "/home/ada/.local/state/tvm")
    }

    @Test("relative and empty XDG variables are ignored, as the specification says")
    func relativeVariablesIgnored() {
        let directories = XDGDirectories(environment: [
            "HOME": "/home/ada", "XDG_DATA_HOME": "data", "XDG_CACHE_HOME": "./cache", "XDG_STATE_HOME": "",
        ])
        #expect(directories == XDGDirectories(environment: ["HOME": "/home/ada"]))
    }

    // Regression: HOME=/home/ada/ gave "/home/ada//.cache/tvm", and "/x//" kept one of its slashes.
    @Test("trailing slashes on HOME and the variables are dropped")
    func trailingSlashes() {
        let directories = XDGDirectories(environment: [
            "HOME": "/home/ada/", "XDG_DATA_HOME": "/d//", "XDG_STATE_HOME": "/s/",
        ])
        #expect(directories.data == "/d/tvm")
        #expect(directories.cache == "/home/ada/.cache/tvm")
        #expect(directories.state == "/s/tvm")
        let root = XDGDirectories(environment: ["HOME": "/", "XDG_DATA_HOME": "/"])
        #expect(root.data == "/tvm")
        #expect(root.cache == "/.cache/tvm")
    }

    @Test("a relative or missing HOME falls back to the account's home folder")
    func relativeHome() {
        let fallback = NSHomeDirectory()
        for environment in [["HOME": "relative/home"], [:]] {
            let directories = XDGDirectories(environment: environment)
            #expect(directories.cache.hasPrefix(fallback))
            #expect(directories.cache.hasSuffix("/.cache/tvm"))
            #expect(!directories.cache.contains("//"))
        }
    }

    @Test("ensure creates missing folders with mode 0700 and accepts existing ones")
    func ensureCreatesPrivateFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let nested = root + "/a/b/tvm"
        try XDGDirectories.ensure(nested)
        try XDGDirectories.ensure(nested)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: nested, isDirectory: &isDirectory) && isDirectory.boolValue)
        let mode = try FileManager.default.attributesOfItem(atPath: nested)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test("ensure throws when a file is in the way")
    func ensureThrowsOnFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        #expect(throws: (any Error).self) { try XDGDirectories.ensure(file + "/tvm") }
    }
}
