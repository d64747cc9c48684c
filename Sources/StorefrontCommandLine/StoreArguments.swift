import ArgumentParser
import LocalStore
import StoreCatalog
import TerminalCore

// The store's options and arguments, refused at `validate()` with ArgumentParser's usage
// error (exit 64), as they always have been.

extension Latency: CommandLineValue {
    /// `--latency`: `500ms`, `1.5s` (`0` is none), or a range such as `300ms-800ms`.
    package init(commandLine argument: String) throws {
        let bounds = argument.split(separator: "-", omittingEmptySubsequences: false).map { DurationText.parse(String($0)) }
        switch bounds.count {
        case 1: if let fixed = bounds[0] { self = fixed == .zero ? .none : .fixed(fixed); return }
        case 2: if let low = bounds[0], let high = bounds[1] { self = .between(low, high); return }
        default: break
        }
        throw ValidationError("--latency \"\(argument)\" is not a duration like 500ms, 1.5s or 300ms-800ms.")
    }
}

/// One `--fail api[=error]`: a store API and the error it fails with, the API's default
/// error when none is named.
package struct APIFailure: CommandLineValue {
    package let api: StoreAPI
    package let error: SimulatedError

    package init(commandLine argument: String) throws {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard let api = Self.api(named: argument) else {
            throw ValidationError(
                "--fail \"\(argument)\": unknown API; use one of: " + StoreAPI.allCases.map(\.rawValue).joined(separator: ", ")
            )
        }
        self.api = api
        guard parts.count == 2 else {
            error = api.defaultError
            return
        }
        do {
            error = try SimulatedError(name: parts[1], for: api)
        } catch {
            throw ValidationError("--fail \"\(argument)\": \(error)")
        }
    }

    /// The store API an `api[=error]` argument names, whatever its error part; nil when it
    /// names none.
    ///
    /// ```swift
    /// APIFailure.api(named: "sync=networkError")  // .appStoreSync
    /// ```
    package static func api(named argument: String) -> StoreAPI? {
        argument.split(separator: "=", maxSplits: 1).first.flatMap { StoreAPI(name: String($0)) }
    }
}

extension CustomerAccount: CommandLineValue {
    /// `--account`: an ID without whitespace or control characters, such as `alice` or
    /// `SHA256:q3F…/+=`.
    package init(commandLine argument: String) throws {
        do {
            try self.init(argument)
        } catch {
            throw ValidationError("--account \(argument.debugDescription): \(error).")
        }
    }
}

extension StorefrontCountry: CommandLineValue {
    /// `--storefront`: an ISO 3166 alpha-3 code the storefront table knows, in any case.
    package init(commandLine argument: String) throws {
        guard let country = StorefrontCountry(countryCode: argument) else {
            throw ValidationError(
                "--storefront \"\(argument)\" is not a known App Store storefront (ISO 3166 alpha-3, e.g. USA, JPN, GBR)."
            )
        }
        self = country
    }
}

extension StoreTimeStep: CommandLineValue {
    /// `advance`'s amount: a whole number and a unit, such as `90s` or `1mo`.
    package init(commandLine argument: String) throws {
        guard let step = StoreTimeStep(argument) else {
            throw ValidationError("\"\(argument)\" is not an amount of time like 90s, 2h, 3d, 1w, 1mo or 1y.")
        }
        self = step
    }
}
