import TerminalScripting
import Testing
import TerminalUI

@Suite("Tape player")
struct TapePlayerTests {
    @Test func recordsTheFirstScreenThenEachChangeOnTheVirtualClock() async throws {
        let recording = try await TipJarStage.play("Press enter\nWait 1s", latency: .milliseconds(300))
        let first = recording.frames[0]
        #expect(first.time == .zero)
        #expect(first.buffer.shows("Consumables"))
        #expect(recording.duration == .milliseconds(1100))  // the key's pause, then the wait

        let loading = try #require(recording.frames.first { Self.isLoading($0) })
        let loaded = try #require(recording.frames.first { $0.buffer.shows("£0.99") })
        #expect(loading.time < .milliseconds(300))
        #expect(loaded.time >= .milliseconds(300))
        #expect(loaded.time < .milliseconds(300) + Spinner.interval)
        for (earlier, later) in zip(recording.frames, recording.frames.dropFirst()) {
            #expect(earlier.time <= later.time)
            #expect(earlier.buffer != later.buffer || earlier.cursor != later.cursor)
        }
    }

    /// The tip jar's rows are named but priced by spinners: the load has not answered.
    static func isLoading(_ frame: TapeFrame) -> Bool {
        frame.buffer.shows("Extra Fine Tip") && !frame.buffer.shows("£")
    }

    @Test func spinnersTurnWhileTimePasses() async throws {
        let recording = try await TipJarStage.play("Press enter\nWait 1s", latency: .milliseconds(600))
        let spinning = recording.frames.filter { Self.isLoading($0) }
        #expect(spinning.count >= 6)
    }

    @Test func typingSpeedPacesEachKey() async throws {
        let recording = try await TipJarStage.play("Set typing-speed 250ms\nPress down\nType \"k\"")
        #expect(recording.duration == .milliseconds(500))
        #expect(recording.frames.map(\.time) == [.zero, .zero, .milliseconds(250)])  // the screen, down, k (up)
    }

    @Test func waitForStopsSoonAfterTheTextAppears() async throws {
        let recording = try await TipJarStage.play("Press enter\nWaitFor \"£0.99\"", latency: .milliseconds(600))
        #expect(recording.duration >= .milliseconds(600))
        #expect(recording.duration < .milliseconds(600) + Spinner.interval)
        #expect(recording.final.buffer.shows("£0.99"))
    }

    @Test func waitForTimesOutAtItsLine() async throws {
        await #expect {
            _ = try await TipJarStage.play("Set wait-timeout 1s\n\nWaitFor \"Nope\"")
        } throws: { error in
            guard let error = (error as? TapeFailure)?.error else { return false }
            return error.line == 3 && error.file == "test.tape"
                && error.message == #"WaitFor "Nope": not on screen after 1.00s (Set wait-timeout gives it longer)"#
        }
    }

    @Test func aTapeThatStopsKeepsItsScreenAndWhatWasRecorded() async throws {
        let failure = try await #require(throws: TapeFailure.self) {
            try await TipJarStage.play("Press enter\nWait 500ms\nSet wait-timeout 1s\nWaitFor \"Thank you\"")
        }
        #expect(failure.description.hasPrefix("test.tape:4: WaitFor \"Thank you\""))
        let screen = try #require(failure.screen)
        #expect(screen.shows("£0.99"))
        let partial = try #require(failure.partial)
        #expect(partial.frames[0].buffer.shows("Consumables"))
        #expect(partial.final.buffer == screen)
        #expect(partial.duration >= .milliseconds(1600))  // the key's pause, the wait, the timeout
        #expect(partial.duration < .milliseconds(1600) + Spinner.interval)
    }

    @Test func aTapeThatStopsWhileHiddenShowsTheHiddenScreenButKeepsOnlyWhatWasShown() async throws {
        let failure = try await #require(throws: TapeFailure.self) {
            try await TipJarStage.play("Wait 100ms\nHide\nPress enter\nSet wait-timeout 500ms\nWaitFor \"Nope\"")
        }
        #expect(try #require(failure.screen).shows("£0.99"))
        let partial = try #require(failure.partial)
        #expect(partial.frames.allSatisfy { !$0.buffer.shows("£") })
        #expect(partial.duration == .milliseconds(100))
    }

    @Test func aCommandThatFailsBeforeTheAppStartsLeavesNoScreen() async throws {
        let failure = try await #require(throws: TapeFailure.self) {
            try await TipJarStage.play("Approve\nPress enter", controls: RecordingControls(approvalError: Refusal(description: "no")))
        }
        #expect(failure.screen == nil)
        #expect(failure.partial == nil)
    }

    @Test func hiddenStepsRunButAreNotRecordedNorTimed() async throws {
        let recording = try await TipJarStage.play("Hide\nPress enter\nWait 1s\nShow\nPress down\nWait 200ms", latency: .milliseconds(300))
        #expect(recording.frames[0].time == .zero)
        #expect(recording.frames[0].buffer.shows("£0.99"))  // the shop, loaded while hidden
        #expect(recording.frames.allSatisfy { $0.buffer.shows("£0.99") })
        #expect(recording.duration == .milliseconds(300))  // down's pause and the wait; not the hidden 1.1 s
    }

    @Test func aTapeMayEndHiddenAndTheHiddenEndIsNotRecorded() async throws {
        let recording = try await TipJarStage.play("Press enter\nWait 500ms\nHide\nPress down\nWait 1s")
        #expect(recording.duration == .milliseconds(600))
        #expect(try await recording.frames == TipJarStage.play("Press enter\nWait 500ms").frames)
    }

    @Test func screenshotsAreTakenWithTheirFileNames() async throws {
        let recording = try await TipJarStage.play("Press enter\nWait 400ms\nScreenshot shop.svg\nPress down\nSnapshot picked")
        #expect(recording.screenshots.map(\.name) == ["shop.svg"])
        #expect(recording.screenshots[0].time == .milliseconds(500))
        #expect(recording.screenshots[0].buffer.shows("£0.99"))
        #expect(recording.snapshots.map(\.name) == ["picked"])
        #expect(!recording.framesText().contains("shop.svg"))  // frames are the Snapshots'
    }

    @Test func snapshotsAreNamedAndTimed() async throws {
        let recording = try await TipJarStage.play("Wait 500ms\nSnapshot start\nPress enter\nWait 1s\nSnapshot shop")
        #expect(recording.snapshots.map(\.name) == ["start", "shop"])
        #expect(recording.snapshots.map(\.time) == [.milliseconds(500), .milliseconds(1600)])
        #expect(recording.snapshots[0].buffer.shows("Tip Jar"))
        #expect(recording.snapshots[1].buffer.shows("£0.99"))
    }

    @Test func theFramesTextHasEachSnapshotThenTheEndIfItDiffers() async throws {
        let same = try await TipJarStage.play("Press enter\nSnapshot shop")
        let lines = same.framesText().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "── shop (t=0.10s) ──")
        #expect(lines.count == 1 + 24 + 1)  // label, 24 rows, the final newline
        #expect(!same.framesText().contains("── end"))

        let moved = try await TipJarStage.play("Press enter\nSnapshot shop\nPress down")
        #expect(moved.framesText().contains("\n── end (t=0.20s) ──\n"))
    }

    @Test func storeCommandsReachTheControlsInOrder() async throws {
        let controls = RecordingControls()
        _ = try await TipJarStage.play(
            "Size 40x12\nCatalog tips\nSet latency 600ms\nSet fail purchase\nPress down\nBuy tip.small\nApprove\nSet ask-to-buy on\nSet fail none",
            controls: controls
        )
        var setup = TapeSetup()
        setup.size = TerminalSize(width: 40, height: 12)
        setup.catalog = TapeValue(text: "tips", file: "test.tape", line: 2)
        let calls = await controls.calls
        #expect(calls == [
            .setup(setup),
            .apply(.latency(.milliseconds(600))), .apply(.failing("purchase")), .buy("tip.small"), .approve,
            .apply(.askToBuy(true)), .apply(.failing(nil)),
        ])
    }

    @Test func aRefusingControlNamesTheLine() async throws {
        let controls = RecordingControls(approvalError: Refusal(description: "nothing to approve"))
        let failure = try await #require(throws: TapeFailure.self) {
            try await TipJarStage.play("Press enter\nApprove", controls: controls)
        }
        #expect(failure.error == TapeError(file: "test.tape", line: 2, message: "Approve: nothing to approve"))
    }

    @Test func sizeAndResizeSetTheScreen() async throws {
        let recording = try await TipJarStage.play("Size 40x12\nWait 100ms\nResize 60x20")
        #expect(recording.frames[0].buffer.width == 40)
        #expect(recording.frames[0].buffer.height == 12)
        #expect(recording.final.buffer.width == 60)
        #expect(recording.final.buffer.height == 20)
    }

    @Test func aTapeWithoutScreenCommandsStillRecordsTheFirstScreen() async throws {
        let recording = try await TipJarStage.play("Catalog tipjar")
        #expect(recording.frames.count == 1)
        #expect(recording.final.buffer.shows("Tip Jar"))
    }

    @Test func theSameTapeRecordsTheSameFrames() async throws {
        let tape = "Press enter\nWait 700ms\nPress enter y\nWait 1s\nResize 40x12\nWait 200ms"
        let first = try await TipJarStage.play(tape, latency: .milliseconds(400))
        let second = try await TipJarStage.play(tape, latency: .milliseconds(400))
        #expect(first == second)
        #expect(AsciicastEncoder.encode(first) == AsciicastEncoder.encode(second))
    }
}
