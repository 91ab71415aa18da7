import Testing

/// tvm-search's end-to-end suites, one test at a time.
///
/// Each test starts many processes (a dozen searches, completions under bash, terminals under script(1));
/// running them one after another keeps that load from starving the timing-sensitive suites that run beside
/// them.
@Suite("tvm-search end to end", .serialized)
enum SearchEndToEndTests {}
