// Intrusive lists of the contacts and joints of a body (Box2D v3's contact and joint edges).

/// Links of one object in a body's intrusive list of contacts or joints. A key is `index << 1 | side`
/// (side 0: the object's body A, side 1: body B), Box2D's contact and joint edges.
struct Edge {
    var prev: Int32 = -1
    var next: Int32 = -1
}

/// An object that sits in the edge lists of its two bodies: contacts and joints.
protocol BodyEdges {
    var bodyA: Int32 { get }
    var bodyB: Int32 { get }
    var edgeA: Edge { get set }
    var edgeB: Edge { get set }
}

extension BodyEdges {
    @inline(__always) func body(_ side: Int) -> Int32 { side == 0 ? bodyA : bodyB }
    @inline(__always) func edge(_ side: Int) -> Edge { side == 0 ? edgeA : edgeB }
    @inline(__always) mutating func setEdge(_ side: Int, _ e: Edge) { if side == 0 { edgeA = e } else { edgeB = e } }
}

extension ContiguousArray where Element: BodyEdges {
    /// Puts side `side` of object `i` at the front of the list that starts at `head`.
    mutating func link(_ i: Int, side: Int, head: inout Int32) {
        let key = Int32(i << 1 | side)
        self[i].setEdge(side, Edge(prev: -1, next: head))
        if head >= 0 {
            var e = self[Int(head >> 1)].edge(Int(head & 1)); e.prev = key
            self[Int(head >> 1)].setEdge(Int(head & 1), e)
        }
        head = key
    }

    /// Takes side `side` of object `i` out of the list that starts at `head`.
    mutating func unlink(_ i: Int, side: Int, head: inout Int32) {
        let e = self[i].edge(side)
        if e.prev >= 0 {
            var p = self[Int(e.prev >> 1)].edge(Int(e.prev & 1)); p.next = e.next
            self[Int(e.prev >> 1)].setEdge(Int(e.prev & 1), p)
        } else {
            head = e.next
        }
        if e.next >= 0 {
            var n = self[Int(e.next >> 1)].edge(Int(e.next & 1)); n.prev = e.prev
            self[Int(e.next >> 1)].setEdge(Int(e.next & 1), n)
        }
    }
}
