import TVMRecords
import Testing

@testable import FavoriteCommands

/// The one-line reports of tvm-fav's writes on a terminal.
@Suite("WriteReport")
struct WriteReportUnitTests {
    private func episode(_ show: String, _ season: Int?, _ number: Int?) -> WriteReport.Episode {
        WriteReport.Episode(show: show, code: EpisodeCode(season: season, number: number))
    }

    @Test("one line per show, in the order shows first come: one or two codes named, more as a range")
    func marks() {
        let episodes = [
            episode("Outlander", 1, 3), episode("Girls", 2, 1), episode("Outlander", 1, 1), episode("Outlander", 1, 2),
            episode("Girls", 2, 5), WriteReport.Episode(show: "show 7", code: nil), episode("Fargo", 1, nil),
        ]
        #expect(
            WriteReport.marks(episodes, watching: true) == [
                "marked 3 episodes of Outlander, S1E1–S1E3", "marked 2 episodes of Girls, S2E1, S2E5",
                "marked 1 episode of show 7", "marked 1 episode of Fargo, S1 special",
            ])
        #expect(WriteReport.marks([episode("Girls", 1, 1)], watching: false) == ["unmarked 1 episode of Girls, S1E1"])
        #expect(WriteReport.marks([], watching: true).isEmpty)
    }

    @Test("favorites: one by name, several counted and listed, after the fourth counted only")
    func favorites() {
        #expect(WriteReport.favorites("removed", names: ["Girls"]) == "removed Girls")
        #expect(WriteReport.favorites("added", names: ["Girls", "Outlander"]) == "added 2 favorites: Girls, Outlander")
        #expect(
            WriteReport.favorites("removed", names: ["A", "B", "C", "D", "E", "F"])
                == "removed 6 favorites: A, B, C, D and 2 more")
        #expect(WriteReport.favorites("updated", names: []) == nil)
    }
}
