#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOEmbedded
import NIOSSH
@testable import StorefrontSSH
import SystemCalls
import Testing

/// A session's life on an `EmbeddedChannel`, its timers on virtual time: what the customer's
/// ssh gets back for each request, what reaches the child, and how the session ends.
@Suite("SSH session")
struct SessionHandlerTests {
    // MARK: Window

    @Test func aWindowLargerThanTheLargestIsClampedAndToldOnItsBottomRow() throws {
        let session = try SessionBench()
        let child = try session.opensTheStore(width: 5000, height: 40)
        #expect(session.launches.first?.window == WindowSize(width: 1000, height: 40))
        session.childDraws("frame")
        #expect(!session.screen.contains("Your window"), "the notice waits for the child's output to pause")
        session.wait(SessionHandler.noticePause)
        #expect(session.screen.contains("\u{1B}[40;1H\u{1B}[7m Your window is 5000x40 characters; the store uses its top-left 1000x40 (at most 1000x1000)."))

        session.resizes(width: 2000, height: 3000)
        #expect(child.sizes.last == WindowSize(width: 1000, height: 1000))
        session.wait(SessionHandler.noticePause)
        #expect(session.screen.contains("\u{1B}[1000;1H\u{1B}[7m Your window is 2000x3000 characters"))
    }

    @Test func aWindowWithinTheLargestIsGrantedWholeAndNothingIsSaid() throws {
        let session = try SessionBench()
        let child = try session.opensTheStore(width: 120, height: 40)
        #expect(session.launches.first?.window == WindowSize(width: 120, height: 40))
        session.resizes(width: 100, height: 0)  // 0: that side unknown, kept
        #expect(child.sizes == [WindowSize(width: 100, height: 40)])
        session.childDraws("frame")
        session.wait(.seconds(1))
        #expect(session.screen == "frame")
    }

    @Test func aWindowShrunkBackWithinTheLargestStopsTheNotice() throws {
        let session = try SessionBench()
        let child = try session.opensTheStore(width: 1200, height: 24)
        session.resizes(width: 90, height: 30)
        #expect(child.sizes == [WindowSize(width: 90, height: 30)])
        session.childDraws("frame")
        session.wait(.seconds(1))
        #expect(!session.screen.contains("Your window"))
    }

    // MARK: Environment

    @Test func onlyTheCustomersLanguageCrossesOver() throws {
        let session = try SessionBench { $0.environment = ["PATH": "/usr/bin", "STOREFRONT_STORE": "postgres://ledger"] }
        #expect(session.request(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LANG", value: "de_DE.UTF-8")) == true)
        #expect(session.request(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LC_TIME", value: "fr_FR.UTF-8")) == true)
        #expect(session.request(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "PATH", value: "/tmp/evil")) == false)
        #expect(session.request(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LD_PRELOAD", value: "/tmp/evil.so")) == false)
        #expect(session.request(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "STOREFRONT_STORE", value: "x")) == false)
        _ = try session.opensTheStore()
        let environment = Set(try #require(session.launches.first).environment)
        #expect(environment == [
            "LANG=de_DE.UTF-8", "LC_TIME=fr_FR.UTF-8", "PATH=/usr/bin", "STOREFRONT_STORE=postgres://ledger", "TERM=xterm-256color",
        ])
        #expect(session.request(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LANG", value: "C")) == false,
                "too late: the child has started")
    }

    @Test func aSessionWithoutLanguageGetsUTF8AndAnExecGetsNoTerminalType() throws {
        let session = try SessionBench()
        session.request(SSHChannelRequestEvent.ExecRequest(command: "transactions", wantReply: true))
        let launch = try #require(session.launches.first)
        #expect(Set(launch.environment) == ["LANG=C.UTF-8"])
        #expect(launch.window == nil)
        #expect(launch.arguments == ["storefront", "run", "transactions"])
    }

    // MARK: Refusals

    @Test func aRefusedExecIsAMessageOnStderrAndStatus1() throws {
        let session = try SessionBench()
        #expect(session.request(SSHChannelRequestEvent.ExecRequest(command: "forbidden", wantReply: true)) == true)
        #expect(session.stderr == "storefront: forbidden is not a command here\n")
        #expect(session.exitStatus == 1)
        #expect(session.launches.isEmpty)
        #expect(session.registry.stopAccepting().isEmpty, "the refused session no longer counts against the limits")
    }

    @Test func aKeyWithoutATerminalGetsNoShopButItsCommandsRun() throws {
        let session = try SessionBench(options: try KeyOptions("no-pty"))
        #expect(session.asksForTerminal() == false)
        session.request(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        #expect(session.stderr.contains("this key may not open a terminal (no-pty or restrict in authorized_keys)"))
        #expect(session.exitStatus == 1)
        #expect(session.launches.isEmpty)

        let commands = try SessionBench(options: try KeyOptions("no-pty"))
        commands.request(SSHChannelRequestEvent.ExecRequest(command: "transactions", wantReply: true))
        #expect(commands.launches.count == 1)
    }

    @Test func subsystemsAndASecondStartAreRefused() throws {
        let session = try SessionBench()
        #expect(session.request(SSHChannelRequestEvent.SubsystemRequest(subsystem: "sftp", wantReply: true)) == false)
        _ = try session.opensTheStore()
        #expect(session.request(SSHChannelRequestEvent.ExecRequest(command: "transactions", wantReply: true)) == false)
        #expect(session.asksForTerminal() == false)
        #expect(session.launches.count == 1)
    }

    @Test func aFullStoreRefusesOnTheCustomersTerminal() throws {
        let session = try SessionBench(limits: SessionLimits(total: 1, perKey: 1))
        let other = SessionControl(announceClosing: {}, close: {})
        #expect(session.registry.open(ObjectIdentifier(SessionBench.self), account: "SHA256:other", control: other) == nil)
        _ = try? session.opensTheStore()
        #expect(session.screen == "\r\nThe store is full (1 session). Please try again in a few minutes.\r\n")
        #expect(session.exitStatus == 1)
    }

    @Test func aChildThatCannotStartIsSaidSo() throws {
        let session = try SessionBench()
        session.spawnFailure = .unavailable("cannot open a pseudo-terminal: No such device")
        _ = try? session.opensTheStore()
        #expect(session.screen.contains("The store cannot open right now (cannot open a pseudo-terminal: No such device)."))
        #expect(session.exitStatus == 1)
        #expect(session.registry.stopAccepting().isEmpty)
    }

    // MARK: Bytes both ways

    @Test func keystrokesReachTheStoreAndItsOutputTheCustomer() throws {
        let session = try SessionBench()
        let child = try session.opensTheStore()
        session.types("\u{1B}[B")
        session.types("q")
        #expect(child.input == "\u{1B}[Bq")
        session.childDraws("Tip Jar")
        #expect(session.screen == "Tip Jar")
        session.childEnds(.exited(0))
        #expect(session.exitStatus == 0)
    }

    @Test func anExecsOutputAndErrorsKeepTheirStreamsAndItsStatusIsPassedOn() throws {
        let session = try SessionBench()
        session.request(SSHChannelRequestEvent.ExecRequest(command: "transactions", wantReply: true))
        let child = try #require(session.child)
        session.types("ignored")
        #expect(child.input.isEmpty, "an exec's input is /dev/null")
        session.childDraws("[]\n")
        session.childDraws("storefront: no such product\n", as: .stdErr)
        handlerExitsWhenOutputIsDrained(session, exit: .exited(65))
        #expect(session.screen == "[]\n")
        #expect(session.stderr == "storefront: no such product\n")
    }

    /// Draining: the exit status waits for the child's last output.
    private func handlerExitsWhenOutputIsDrained(_ session: SessionBench, exit: ChildExit) {
        session.handler.childExited(exit)
        session.loop.run()
        #expect(session.exitStatus == nil, "output still open: nothing is sent yet")
        if case .draining = session.handler.state {} else { Issue.record("not draining: \(session.handler.state)") }
        session.handler.childOutputsClosed()
        session.loop.run()
        #expect(session.exitStatus == Int(exit.status))
        if case .closed = session.handler.state {} else { Issue.record("not closed: \(session.handler.state)") }
    }

    @Test func aFullClientWindowStopsReadingTheChild() throws {
        let session = try SessionBench()
        let child = try session.opensTheStore()
        session.channel.isWritable = false
        session.channel.pipeline.fireChannelWritabilityChanged()
        #expect(!child.reading)
        session.channel.isWritable = true
        session.channel.pipeline.fireChannelWritabilityChanged()
        #expect(child.reading)
    }

    // MARK: Limits in time

    @Test func aShellWithoutKeystrokesEndsAfterTheIdleTimeAndDrawingDoesNotCount() throws {
        let session = try SessionBench { $0.idle = .seconds(600) }
        let child = try session.opensTheStore()
        session.wait(.seconds(500))
        session.types("x")
        session.wait(.seconds(500))
        session.childDraws("spinner")
        #expect(child.signals.isEmpty, "a keystroke 500 s ago: not idle yet")
        session.wait(.seconds(100))
        #expect(child.signals == [SIGHUP])
        session.childEnds(.signaled(SIGHUP))
        #expect(session.screen.hasSuffix("\r\nNo key pressed for 10m: this session has ended.\r\n"))
        #expect(session.exitStatus == 129)
        session.wait(.seconds(10))
        #expect(child.signals == [SIGHUP], "it has gone: no SIGKILL")
    }

    @Test func anySessionEndsAtTheMaximumAndAChildIgnoringTheHangupIsKilled() throws {
        let session = try SessionBench { $0.maxSession = .seconds(3600) }
        session.request(SSHChannelRequestEvent.ExecRequest(command: "transactions", wantReply: true))
        let child = try #require(session.child)
        session.wait(.seconds(3599))
        #expect(child.signals.isEmpty)
        session.wait(.seconds(1))
        #expect(child.signals == [SIGHUP])
        session.wait(SessionHandler.hangupGrace)
        #expect(child.signals == [SIGHUP, SIGKILL])
        session.childEnds(.signaled(SIGKILL))
        #expect(session.stderr == "This session has reached its limit of 1h. Thank you for shopping!\n")
        #expect(session.exitStatus == 137)
    }

    @Test func anExecIsNeverIdle() throws {
        let session = try SessionBench { $0.idle = .seconds(60) }
        session.request(SSHChannelRequestEvent.ExecRequest(command: "transactions", wantReply: true))
        session.wait(.seconds(600))
        #expect(session.child?.signals == [])
    }

    // MARK: Drain and hang-up

    @Test func aClosingStoreTellsTheStorefrontOnceItHasDrawnAndItSaysGoodbyeItself() throws {
        let session = try SessionBench()
        let child = try session.opensTheStore()
        let open = session.registry.stopAccepting()
        open.forEach { $0.announceClosing() }
        session.loop.run()
        #expect(child.signals.isEmpty, "not drawn yet: SIGUSR1 could end it")
        session.childDraws("Tip Jar")
        #expect(child.signals == [SIGUSR1])
        open.forEach { $0.close() }
        session.loop.run()
        #expect(child.signals == [SIGUSR1, SIGHUP])
        session.childEnds(.exited(0))
        #expect(session.screen == "Tip Jar")
        #expect(session.exitStatus == 0)
    }

    @Test func aClosingStoreEndsACommandWithItsOwnWords() throws {
        let session = try SessionBench()
        session.request(SSHChannelRequestEvent.ExecRequest(command: "transactions", wantReply: true))
        let child = try #require(session.child)
        let open = session.registry.stopAccepting()
        open.forEach { $0.announceClosing() }
        session.childDraws("[]\n")
        open.forEach { $0.close() }
        session.loop.run()
        #expect(child.signals == [SIGHUP], "no SIGUSR1 for a command")
        session.childEnds(.signaled(SIGHUP))
        #expect(session.stderr == "The store is closing. Thank you for shopping!\n")
    }

    @Test func aClosingStoreAdmitsNoOne() throws {
        let session = try SessionBench()
        _ = session.registry.stopAccepting()
        _ = try? session.opensTheStore()
        #expect(session.screen.contains("The store is closing. Please come back later."))
        #expect(session.exitStatus == 1)
    }

    @Test func aCustomerWhoLeavesHangsUpTheStore() throws {
        let session = try SessionBench()
        let child = try session.opensTheStore()
        session.channel.pipeline.fireChannelInactive()
        session.loop.run()
        #expect(child.signals == [SIGHUP])
        #expect(child.outputsClosed)
        session.childEnds(.signaled(SIGHUP))
        #expect(session.registry.stopAccepting().isEmpty, "its place is free again")
    }
}
