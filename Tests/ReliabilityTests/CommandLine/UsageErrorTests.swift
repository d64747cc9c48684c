import Foundation
import Testing

/// Item 7, usage errors: an unknown flag, a bad size, a bad duration. Each is one clear line and
/// exit 64 (EX_USAGE), before anything is opened or written.
@Suite struct UsageErrorTests {
    @Test(arguments: [
        ["buy", BadInput.tip, "--catalog", "tipjar", "--bogus"],
        ["--bogus"],
        ["catalog", "tipjar", "--frobnicate"],
        ["transactions", "-z"],
    ])
    func unknownFlag(_ arguments: [String]) async throws {
        let scratch = try ScratchDirectory("usage")
        let flag = try #require(arguments.last)
        try await BadInput.expectRejected(arguments, status: 64, mentioning: [flag], home: scratch.url)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("data")), "a usage error created a ledger")
    }

    @Test(arguments: ["0x0", "10", "80x", "0x24", "100000x100000", "axb"])
    func badSize(_ size: String) async throws {
        let scratch = try ScratchDirectory("usage")
        try await BadInput.expectRejected(["snapshot", "--catalog", "tipjar", "--size", size], status: 64, mentioning: [size], home: scratch.url)
    }

    @Test(arguments: [
        (["buy", BadInput.tip, "--catalog", "tipjar", "--latency", "5"], "5"),
        (["buy", BadInput.tip, "--catalog", "tipjar", "--latency", "soon"], "soon"),
        (["buy", BadInput.tip, "--catalog", "tipjar", "--latency", "300ms-"], "300ms-"),
        (["snapshot", "--catalog", "tipjar", "--after", "1 fortnight"], "1 fortnight"),
        (["advance", "banana", "--catalog", "tipjar"], "banana"),
    ])
    func badDuration(_ arguments: [String], _ value: String) async throws {
        let scratch = try ScratchDirectory("usage")
        try await BadInput.expectRejected(arguments, status: 64, mentioning: [value], home: scratch.url)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("data")), "a usage error created a ledger")
    }

    /// Names fall back silently whatever the locale, so a mistyped one is refused up front.
    @Test(arguments: [
        (["run", "--catalog", "cheers", "--locale", "jp"], "jp"),
        (["catalog", "cheers", "--locale", "xx_YY"], "xx_YY"),
        (["snapshot", "--catalog", "tipjar", "--locale", "ja_XX"], "ja_XX"),
        (["buy", BadInput.tip, "--catalog", "tipjar", "--locale", "English"], "English"),
        (["transactions", "--catalog", "tipjar", "--locale", ""], "--locale"),
    ])
    func badLocale(_ arguments: [String], _ value: String) async throws {
        let scratch = try ScratchDirectory("usage")
        try await BadInput.expectRejected(arguments, status: 64, mentioning: [value, "is not a locale"], home: scratch.url)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("data")), "a usage error created a ledger")
    }
}
