// Contact events: begin events are gathered during the narrow phase, end events during the step and
// between steps (destroyed shapes and bodies); both are published after the step sorted by shape ids.

extension World {
    /// Moves this step's events into the published lists in a deterministic order: by shape A index,
    /// then shape B index (then generations, for events of reused slots).
    func publishEvents() {
        // Most steps have at most one event of a kind: nothing to sort.
        if beginEvents.count > 1 { beginEvents.sort { World.orders($0.shapeA, $0.shapeB, before: $1.shapeA, $1.shapeB) } }
        if pendingEndEvents.count > 1 { pendingEndEvents.sort { World.orders($0.shapeA, $0.shapeB, before: $1.shapeA, $1.shapeB) } }
        swap(&publishedBeginEvents, &beginEvents)
        swap(&publishedEndEvents, &pendingEndEvents)
        beginEvents.clear()
        pendingEndEvents.clear()
    }

    @inline(__always) static func orders(_ a1: ShapeID, _ b1: ShapeID, before a2: ShapeID, _ b2: ShapeID) -> Bool {
        if a1.index != a2.index { return a1.index < a2.index }
        if b1.index != b2.index { return b1.index < b2.index }
        if a1.generation != a2.generation { return a1.generation < a2.generation }
        return b1.generation < b2.generation
    }
}
