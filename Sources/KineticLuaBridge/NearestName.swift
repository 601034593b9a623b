// "Did you mean": the one edit-distance helper, for every message that names an unknown field, key,
// choice, colour or level field and suggests the known name a typo most likely meant.

/// The known name closest to `name` by edit distance, if it is close enough to be a likely typo.
public func nearestName(to name: String, in known: [String]) -> String? {
    let target = Array(name.lowercased().utf8)
    var best: (name: String, distance: Int)?
    for candidate in known {
        let d = editDistance(target, Array(candidate.lowercased().utf8))
        if best == nil || d < best!.distance { best = (candidate, d) }
    }
    guard let best, best.distance <= max(1, min(3, target.count / 3)) else { return nil }
    return best.name
}

/// Levenshtein distance with adjacent transpositions counted as one edit.
func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], previous2[j - 2] + 1)
            }
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}
