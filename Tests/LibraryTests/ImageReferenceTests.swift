import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Where a record's image is, by kind of record")
struct ImageReferenceTests {
    static func image(_ name: String) -> String {
        #"{"medium":"https://img/medium/\#(name).jpg","original":"https://img/original/\#(name).jpg"}"#
    }

    func reference(_ json: String, size: ImageSize = .medium, character: Bool = false) throws -> ImageReference {
        try ImageReference(record: Array(json.utf8), size: size, preferCharacter: character)
    }

    @Test("a show's own image, in either size, with its name")
    func show() throws {
        let show = #"{"id":1,"name":"Under the Dome","image":\#(Self.image("dome")),"_embedded":{"cast":[]}}"#
        #expect(try reference(show).url == "https://img/medium/dome.jpg")
        #expect(try reference(show, size: .original).url == "https://img/original/dome.jpg")
        #expect(try reference(show).name == "Under the Dome")
        #expect(try reference(show).owner == [])
    }

    @Test("a search result's show, a cast entry's person, a crew entry's person, a people search result's person")
    func nestedOwners() throws {
        let search = #"{"score":17.2,"show":{"id":139,"name":"Girls","image":\#(Self.image("girls"))}}"#
        #expect(try reference(search).url == "https://img/medium/girls.jpg")
        #expect(try reference(search).owner == ["show"])
        let cast =
            #"{"person":{"name":"Mike Vogel","image":\#(Self.image("mike"))},"#
            + #""character":{"name":"Dale Barbara","image":\#(Self.image("barbie"))},"self":false,"voice":false}"#
        #expect(try reference(cast).url == "https://img/medium/mike.jpg")
        #expect(try reference(cast).name == "Mike Vogel")
        #expect(try reference(cast, character: true).url == "https://img/medium/barbie.jpg")
        #expect(try reference(cast, character: true).name == "Dale Barbara")
        let crew = #"{"type":"Creator","person":{"name":"Brian K. Vaughan","image":null}}"#
        #expect(try reference(crew).url == nil)
        #expect(try reference(crew).owner == ["person"])
        let people = #"{"score":9,"person":{"name":"Lauren","image":\#(Self.image("lauren"))}}"#
        #expect(try reference(people).url == "https://img/medium/lauren.jpg")
    }

    @Test("an episode's still wins over its embedded or attached show; a cast credit uses its embedded show")
    func episodesAndCredits() throws {
        let scheduleItem = #"{"id":9,"name":"Pilot","season":1,"image":null,"show":{"image":\#(Self.image("s"))}}"#
        #expect(try reference(scheduleItem).url == nil)
        #expect(try reference(scheduleItem).name == "Pilot")
        let episode = #"{"id":1,"name":"Pilot","season":1,"number":1,"image":\#(Self.image("still"))}"#
        #expect(try reference(episode).url == "https://img/medium/still.jpg")
        let credit = #"{"self":false,"voice":false,"_embedded":{"show":{"name":"Dome","image":\#(Self.image("d"))}}}"#
        #expect(try reference(credit).url == "https://img/medium/d.jpg")
        #expect(try reference(credit).owner == ["_embedded", "show"])
        let characterCredit = #"{"self":false,"_embedded":{"character":{"name":"Barbie","image":\#(Self.image("b"))}}}"#
        #expect(try reference(characterCredit).url == "https://img/medium/b.jpg")
    }

    @Test("null, a missing size, a non-object image and a record without any image mean no image")
    func noImage() throws {
        #expect(try reference(#"{"id":1,"image":null}"#).url == nil)
        #expect(try reference(#"{"id":1,"image":{"original":"https://img/o.jpg"}}"#).url == nil)
        #expect(try reference(#"{"id":1,"image":{"original":"https://img/o.jpg"}}"#, size: .original).url != nil)
        #expect(try reference(#"{"id":1,"image":"https://img/x.jpg"}"#).url == nil)
        #expect(try reference(#"{"id":1,"image":{"medium":42}}"#).url == nil)
        #expect(try reference(#"{"id":1,"name":"Bare"}"#).url == nil)
        #expect(try reference(#"{"id":1,"name":"Bare"}"#).name == "Bare")
    }

    @Test("something that is not an object is an error")
    func notAnObject() {
        #expect(throws: RawJSONError.self) { try reference("[1,2]") }
        #expect(throws: RawJSONError.self) { try reference("{\"id\":") }
    }
}
