import TVMRecords

/// Which of TVMaze's two image sizes to use: the keys of an `image` object.
public enum ImageSize: String, Sendable, CaseIterable, Equatable {
    /// About 210×295 for posters and portraits, 250×140 for episode stills.
    case medium
    /// The original upload, up to 4K.
    case original
}
