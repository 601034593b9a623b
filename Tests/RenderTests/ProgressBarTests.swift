// The progress line: redrawn in place on a terminal and fitted to its width, one line per tenth
// otherwise, both with an estimate of the time left.

@testable import KineticRender
import Testing

@Suite struct ProgressBarTests {
    final class Output: @unchecked Sendable { var text = "" }
    /// A clock the test moves by hand.
    final class Clock: @unchecked Sendable { var now = 100.0 }

    @Test func terminalRedrawsOneLine() {
        let out = Output(), clock = Clock()
        let bar = ProgressBar(total: 4, label: "Rendering", isTerminal: true, columns: { 41 },
                              clock: { clock.now }, output: { out.text += $0 })
        clock.now += 3
        bar.update(1)
        bar.update(1) // no visible change: nothing written
        clock.now += 3
        bar.update(2)
        bar.finish()
        // 40 usable columns: the bar takes what the label and the status leave. Each step took 3 s,
        // so 3 steps were 9 s away after the first and 6 s after the second.
        #expect(out.text == "\r\u{1B}[KRendering [##---------] 25% 1/4 ETA 0:09"
                + "\r\u{1B}[KRendering [#####------] 50% 2/4 ETA 0:06"
                + "\r\u{1B}[KRendering [" + String(repeating: "#", count: 19) + "] 100% 4/4\n")
    }

    @Test func pipeGetsALinePerTenth() {
        let out = Output(), clock = Clock()
        let bar = ProgressBar(total: 100, label: "video", isTerminal: false, clock: { clock.now },
                              output: { out.text += $0 })
        for i in 0...100 {
            bar.update(i)
            clock.now += 1
        }
        bar.finish()
        let lines = out.text.split(separator: "\n")
        // 0 %, 10 %, ..., 100 %: eleven lines, the last one complete.
        #expect(lines.count == 11)
        #expect(lines[1] == "video: 10% (10/100, ETA 1:30)")
        #expect(lines.last == "video: 100% (100/100)")
    }

    /// The line never reaches the terminal's last column, however narrow, so it is redrawn in place
    /// instead of scrolling a line per frame.
    @Test func lineFitsEveryWidth() {
        let label = "Rendering a_rather_long_output_name.mp4"
        for columns in 1...200 {
            for (done, eta) in [(0, nil), (517, 3725.0), (1000, nil)] as [(Int, Double?)] {
                let line = ProgressBar.line(label: label, completed: done, total: 1000, secondsLeft: eta, columns: columns)
                #expect(line.count <= max(columns - 1, 1), "\(columns) columns: \(line)")
                #expect(!line.contains("\n"))
            }
        }
    }

    @Test func narrowTerminalsLoseTheBarBeforeTheStatus() {
        func line(_ columns: Int) -> String {
            ProgressBar.line(label: "Rendering out.mp4", completed: 50, total: 200, secondsLeft: 75, columns: columns)
        }
        #expect(line(120) == "Rendering out.mp4 [" + String(repeating: "#", count: 10) + String(repeating: "-", count: 30)
                + "] 25% 50/200 ETA 1:15")
        #expect(line(47) == "Rendering ou… [##--------] 25% 50/200 ETA 1:15")
        #expect(line(40) == "Rendering out.mp4 25% 50/200 ETA 1:15")
        #expect(line(30) == "Renderin… 25% 50/200 ETA 1:15")
        #expect(line(20) == "25% 50/200 ETA 1:15")
        #expect(line(10) == "25% 50/2…")
    }

    @Test func durations() {
        #expect(ProgressBar.duration(0) == "0:00")
        #expect(ProgressBar.duration(59.2) == "1:00")
        #expect(ProgressBar.duration(3725) == "1:02:05")
        #expect(ProgressBar.secondsLeft(completed: 0, total: 10, elapsed: 5) == nil)
        #expect(ProgressBar.secondsLeft(completed: 10, total: 10, elapsed: 5) == nil)
        #expect(ProgressBar.secondsLeft(completed: 2, total: 10, elapsed: 5) == 20)
    }
}
