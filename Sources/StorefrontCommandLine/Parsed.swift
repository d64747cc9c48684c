import ArgumentParser

/// A value one command-line argument spells, read with the reason a bad one is refused.
///
/// The error thrown is what the user sees: a `ValidationError` (ArgumentParser's "Error: …"
/// and the usage, from a `validate()`) or a `CommandFailure` (one "storefront: …" line, from
/// `run()`). Each conforming type is taken by one option, so its errors name that option.
package protocol CommandLineValue: Sendable {
    init(commandLine argument: String) throws
}

/// An option or argument typed as `Value`, read once, as the command line is parsed.
///
/// A value that does not read is kept with its error rather than failing the parse: there
/// ArgumentParser would report it in its own words ("The value 'x' is invalid for …").
/// `get()` throws that error where the command first uses the value, so the message and the
/// exit code stay the command's own.
///
/// ```swift
/// @Option var size = Parsed(TerminalSize(width: 80, height: 24))
/// func run() throws { let screen = try size.get() }   // storefront: bad size "80x2x": …
/// ```
package struct Parsed<Value: CommandLineValue>: ExpressibleByArgument, Sendable {
    private let result: Result<Value, any Error>

    /// A default value, shown in `--help` as `Value` describes itself.
    package init(_ value: Value) {
        result = .success(value)
    }

    /// Always succeeds: a bad argument's error waits for `get()`.
    package init(argument: String) {
        result = Result { try Value(commandLine: argument) }
    }

    /// The value, or the error that refused the argument.
    package func get() throws -> Value {
        try result.get()
    }

    package var defaultValueDescription: String {
        (try? result.get()).map { String(describing: $0) } ?? ""
    }
}
