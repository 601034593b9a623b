// Pointer velocity, key names and window-to-scene coordinates, without a display.

import Testing
import KineticViewer

@Suite struct VelocityTrackerTests {
    @Test func steadyDragGivesItsSpeed() {
        // 300 pt/s to the right and 100 pt/s down, sampled every 10 ms for 200 ms.
        var tracker = VelocityTracker()
        for i in 0...20 {
            let t = Double(i) * 0.01
            tracker.add(x: 300 * t, y: 100 * t, time: t)
        }
        let v = tracker.velocity
        // Linear motion: any window gives the exact rate, up to floating-point rounding.
        #expect(abs(v.vx - 300) < 1e-6 && abs(v.vy - 100) < 1e-6)
    }

    @Test func onlyTheLastHundredMillisecondsCount() {
        // 1000 pt/s for 0.2 s, then 0 pt/s for 0.2 s (still, but still sampled): the window sees
        // only the stop.
        var tracker = VelocityTracker()
        for i in 0...20 { tracker.add(x: Double(i) * 10, y: 0, time: Double(i) * 0.01) }
        for i in 21...40 { tracker.add(x: 200, y: 0, time: Double(i) * 0.01) }
        #expect(abs(tracker.velocity.vx) < 1e-9)
    }

    @Test func pauseBeforeReleaseReadsNearlyZero() {
        // Moved 100 pt in 50 ms, then held still 500 ms without motion events and released there:
        // the window [0.45, 0.55] s lies inside the pause, so the velocity is 0.
        var tracker = VelocityTracker()
        tracker.add(x: 0, y: 0, time: 0)
        tracker.add(x: 100, y: 0, time: 0.05)
        tracker.add(x: 100, y: 0, time: 0.55)
        #expect(abs(tracker.velocity.vx) < 1e-9)
    }

    @Test func fewerThanTwoSamplesIsZero() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity == (0, 0))
        tracker.add(x: 5, y: 5, time: 1)
        #expect(tracker.velocity == (0, 0))
    }
}

@Suite struct KeyNamesTests {
    @Test func namesFollowLove() {
        #expect(KeyNames.name(forKeycode: 32) == "space")
        #expect(KeyNames.name(forKeycode: 13) == "return")
        #expect(KeyNames.name(forKeycode: 27) == "escape")
        #expect(KeyNames.name(forKeycode: 97) == "a")
        #expect(KeyNames.name(forKeycode: 122) == "z")
        #expect(KeyNames.name(forKeycode: 48) == "0")
        #expect(KeyNames.name(forKeycode: 46) == ".")
        // SDL key codes of non-character keys are their scancode with bit 30 set:
        // LEFT = 80, RIGHT = 79, UP = 82, DOWN = 81, F1 = 58, KP_0 = 98, LSHIFT = 225.
        let scancodeBit: Int32 = 1 << 30
        #expect(KeyNames.name(forKeycode: scancodeBit | 80) == "left")
        #expect(KeyNames.name(forKeycode: scancodeBit | 79) == "right")
        #expect(KeyNames.name(forKeycode: scancodeBit | 82) == "up")
        #expect(KeyNames.name(forKeycode: scancodeBit | 81) == "down")
        #expect(KeyNames.name(forKeycode: scancodeBit | 58) == "f1")
        #expect(KeyNames.name(forKeycode: scancodeBit | 98) == "kp0")
        #expect(KeyNames.name(forKeycode: scancodeBit | 225) == "lshift")
    }
}

@Suite struct WindowCoordinateTests {
    @Test func letterboxAndHiDPIAreUndone() {
        // A 375 × 667 level in a 800 × 600 window with a 2× drawable (1600 × 1200 pixels):
        // scale = min(1600/375, 1200/667) = 1200/667 ≈ 1.799; the scene is 674.7 px wide, so the
        // left bar is floor((1600 − 674.66)/2) = 462 px. Window point (400, 300) → pixel (800, 600)
        // → scene ((800 − 462)/1.799, 600/1.799) = (187.87, 333.5).
        let p = Window.scenePoint(windowX: 400, windowY: 300, windowSize: (800, 600), pixelSize: (1600, 1200),
                                  referenceSize: (375, 667))
        let scale = 1200.0 / 667
        #expect(abs(p.x - (800 - 462) / scale) < 1e-9)
        #expect(abs(p.y - 600 / scale) < 1e-9)
    }

    @Test func exactFitMapsCornersToCorners() {
        let p = Window.scenePoint(windowX: 750, windowY: 1334, windowSize: (750, 1334), pixelSize: (750, 1334),
                                  referenceSize: (375, 667))
        #expect(p.x == 375 && p.y == 667)
    }
}
