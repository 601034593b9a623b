// The progress line: redrawn in place on a terminal, one line per tenth otherwise.

import Render
import Testing

@Suite struct ProgressBarTests {
    final class Output: @unchecked Sendable { var text = "" }

    @Test func terminalRedrawsOneLine() {
        let out = Output()
        let bar = ProgressBar(total: 4, label: "Rendering", isTerminal: true, barWidth: 8, output: { out.text += $0 })
        bar.update(1)
        bar.update(1) // no visible change: nothing written
        bar.update(2)
        bar.finish()
        #expect(out.text == "\r\u{1B}[KRendering [##------] 25% 1/4"
                + "\r\u{1B}[KRendering [####----] 50% 2/4"
                + "\r\u{1B}[KRendering [########] 100% 4/4\n")
    }

    @Test func pipeGetsALinePerTenth() {
        let out = Output()
        let bar = ProgressBar(total: 100, label: "video", isTerminal: false, output: { out.text += $0 })
        for i in 0...100 { bar.update(i) }
        bar.finish()
        let lines = out.text.split(separator: "\n")
        // 0 %, 10 %, ..., 100 %: eleven lines, the last one complete.
        #expect(lines.count == 11)
        #expect(lines.last == "video: 100% (100/100)")
    }
}
