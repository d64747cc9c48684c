import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// A load that fails takes away only what it must: the rows keep their places, and the
/// picker keeps its plans and prices.
@Suite("What a failed load leaves on screen")
struct FailedLoadTests {
    static func failing(_ api: StoreAPI, width: Int = 80, height: Int = 24) async throws -> AppHarness {
        var controls = StoreControls()
        controls.failures[api] = api.defaultError
        return try await AppHarness.make(width: width, height: height, controls: controls)
    }

    @Test("Products that failed to load keep their rows, each with a warning and r to retry")
    func rowsStay() async throws {
        let harness = try await Self.failing(.loadProducts)
        await harness.app.press(.down, .enter)  // Bird Food
        let rows = await harness.text.split(separator: "\n")
        for name in ["Sunflower Hearts", "Hummingbird Nectar", "Suet Cake", "Dried Mealworms", "Nyjer Seed"] {
            let row = rows.first { $0.contains(name) }
            #expect(row?.contains("⚠") == true && row?.contains("r to retry") == true, "\(name): \(row ?? "no row")")
        }
        #expect(!(await harness.shows("Couldn't load the store")))

        await harness.store.setControls(StoreControls())
        await harness.app.press(.char("r"))
        #expect(await harness.shows("$0.99"))
        #expect(!(await harness.shows("r to retry")))
    }

    @Test("A status that cannot be read: plans and prices, a warning, no trial and no Subscribe until r works")
    func plansStay() async throws {
        let harness = try await Self.failing(.subscriptionStatus)
        await harness.app.press(.enter)  // Backyard Birds Pass
        for price in ["$9.99 / month", "$99.99 / year", "$2.99 / month"] {
            #expect(await harness.shows(price), "\(price)")
        }
        #expect(await harness.shows("Current plan unknown · r to retry"))
        #expect(!(await harness.shows("[ Subscribe ]")))
        #expect(!(await harness.shows("free")))
        await harness.app.press(.enter)
        #expect(!(await harness.shows("Confirm Purchase")))

        await harness.store.setControls(StoreControls())
        await harness.app.press(.char("r"))
        #expect(await harness.shows("[ Subscribe ]"))
        #expect(!(await harness.shows("Current plan unknown")))
    }

    @Test("Failed rows and an unreadable status at 80x24 and 40x12", arguments: screenSizes.filter { $0.0 <= 80 })
    func snapshots(_ size: (Int, Int)) async throws {
        let rows = try await Self.failing(.loadProducts, width: size.0, height: size.1)
        await rows.app.press(.down, .enter)
        assertScreen(await rows.app.render(), named: "rows-\(size.0)x\(size.1)")
        let plans = try await Self.failing(.subscriptionStatus, width: size.0, height: size.1)
        await plans.app.press(.enter)
        assertScreen(await plans.app.render(), named: "plans-\(size.0)x\(size.1)")
    }
}
