import Foundation
import Testing

@testable import TVMStore

@Suite("FavoriteNameMatch: which favorites a typed name means")
struct FavoriteNameMatchTests {
    private func favorite(_ id: Int, _ name: String) throws -> Favorite {
        let show = try #require(
            try ShowRecord(json: Array(#"{"id":\#(id),"name":"\#(name)","genres":[],"premiered":null}"#.utf8)))
        return Favorite(show: show, addedAt: Date(), updatedAt: Date(), position: id)
    }

    @Test("a whole name wins over the names that contain it; case and accents do not count")
    func wholeName() throws {
        let favorites = [try favorite(139, "Girls"), try favorite(525, "Gilmore Girls"), try favorite(590, "Pokémon")]
        #expect(FavoriteNameMatch.favorites(named: "GIRLS", in: favorites).map(\.id) == [139])
        #expect(FavoriteNameMatch.favorites(named: " pokemon ", in: favorites).map(\.id) == [590])
        #expect(FavoriteNameMatch.favorites(named: "POKÉ", in: favorites).map(\.id) == [590])
    }

    @Test("a part of several names means all of them, in order; a blank name or no match means none")
    func partsOfNames() throws {
        let favorites = [try favorite(139, "Girls"), try favorite(525, "Gilmore Girls"), try favorite(1, "Dome")]
        #expect(FavoriteNameMatch.favorites(named: "girl", in: favorites).map(\.id) == [139, 525])
        #expect(FavoriteNameMatch.favorites(named: "gilmore", in: favorites).map(\.id) == [525])
        #expect(FavoriteNameMatch.favorites(named: "  ", in: favorites).isEmpty)
        #expect(FavoriteNameMatch.favorites(named: "outlander", in: favorites).isEmpty)
    }
}
