// Clicks on the overlays: the confirmation sheet, alerts and the help overlay.
extension AppState {
    mutating func clickOverlay(x: Int, y: Int) -> [AppEffect] {
        if let quitQuestion {
            switch quitQuestion.hitTest(x: x, y: y, in: AppLayout(size: size).screen, options: options.render) {
            case .confirm?: return answerQuitQuestion(true)
            case .cancel?: return answerQuitQuestion(false)
            case nil: return []
            }
        }
        if let confirmation {
            switch confirmation.sheet.hitTest(x: x, y: y, in: AppLayout(size: size).screen, options: options.render) {
            case .confirm?: return answerConfirmation(true)
            case .cancel?: return answerConfirmation(false)
            case nil: return []
            }
        }
        if let redeemSheet {
            switch redeemSheet.hitTest(x: x, y: y, in: AppLayout(size: size).screen, context: storeContext) {
            case .confirm?: return redeemTypedCode()
            case .cancel?: self.redeemSheet = nil
            case nil: break
            }
            return []
        }
        if !alerts.isEmpty {
            alerts.removeFirst()
            return []
        }
        isShowingHelp = false
        return []
    }
}
