// Intrusive lists of the contacts and joints of a body (Box2D v3's contact and joint edges).

/// Links of one object in a body's intrusive list of contacts or joints. A key is `index << 1 | side`
/// (side 0: the object's body A, side 1: body B), Box2D's contact and joint edges.
struct Edge {
    var prev: Int32 = -1
    var next: Int32 = -1
}
