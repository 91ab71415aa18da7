import Foundation

/// tvm(7): the hand-written overview (`docs/tvm.7.in`) with the sections every page shares filled in.
///
/// The template is mdoc. Each of these lines, alone on its line, is replaced by its section:
/// `@ENVIRONMENT@`, `@FILES@`, `@EXIT-STATUS@`, `@SEE-ALSO@`, `@DATA@`; `@DATE@` is replaced anywhere.
struct OverviewPage {
    /// Why a template cannot be rendered.
    struct TemplateError: Error, CustomStringConvertible {
        var description: String
    }

    var template: String
    var date: String

    /// The page's mdoc source.
    func render() throws -> String {
        var sections: [String: (inout Mdoc) -> Void] = [:]
        sections["@ENVIRONMENT@"] = { page in
            ManualPage.entries("ENVIRONMENT", ManualSections.environment, macro: "Ev", tool: nil, into: &page)
        }
        sections["@FILES@"] = { page in
            ManualPage.entries("FILES", ManualSections.files, macro: "Pa", tool: nil, into: &page)
        }
        sections["@EXIT-STATUS@"] = { page in ManualPage.exitStatus(into: &page) }
        sections["@SEE-ALSO@"] = { page in
            ManualPage.seeAlso(ManualSections.tools.map { ($0, 1) } + [("jq", 1)], into: &page)
        }
        sections["@DATA@"] = { page in
            page.macro("Sh", "DATA")
            page.text(ManualSections.credit)
        }
        var page = Mdoc()
        var used: Set<String> = []
        for line in template.replacingOccurrences(of: "@DATE@", with: date).split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            let key = line.trimmingCharacters(in: .whitespaces)
            if let section = sections[key] {
                guard used.insert(key).inserted else { throw TemplateError(description: "\(key) appears twice") }
                section(&page)
            } else {
                page.raw(String(line))
            }
        }
        let missing = Set(sections.keys).subtracting(used).sorted()
        guard missing.isEmpty else {
            throw TemplateError(description: "the template lacks \(missing.joined(separator: ", "))")
        }
        var source = page.source
        while source.hasSuffix("\n\n") { source.removeLast() }
        return source
    }
}
