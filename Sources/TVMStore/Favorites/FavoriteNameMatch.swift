import Foundation

/// Which favorites a show name typed on the command line means (`tvm-fav rm Girls`).
///
/// Names are compared without regard to case or accents, as the local search compares words (`pokemon` is
/// Pokémon). A name that is a favorite's whole name means that favorite (and any other of the same name);
/// otherwise it means every favorite whose name contains it. The caller decides what several matches mean: the
/// tools never pick one silently.
package enum FavoriteNameMatch {
    /// The favorites `name` means, in the order given.
    ///
    /// - Parameters:
    ///   - name: The name as typed; surrounding white space is ignored.
    ///   - favorites: The favorites to look in.
    /// - Returns: Those whose whole name is `name`, if any; else those whose name contains it; empty for a blank
    ///   name.
    package static func favorites(named name: String, in favorites: [Favorite]) -> [Favorite] {
        let wanted = folded(name.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !wanted.isEmpty else { return [] }
        let names = favorites.map { folded($0.name) }
        let whole = zip(favorites, names).filter { $0.1 == wanted }.map(\.0)
        if !whole.isEmpty { return whole }
        return zip(favorites, names).filter { $0.1.contains(wanted) }.map(\.0)
    }

    /// A name with case and accents taken away.
    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
