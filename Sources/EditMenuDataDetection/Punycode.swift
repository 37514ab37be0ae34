/// Internationalized host names to ASCII (RFC 3492 punycode, `xn--` labels).
enum Punycode {
    /// The host with every non-ASCII label encoded; nil when a label cannot be. A label before the last
    /// two may hold `_` (`sub_domain.example.com`), as a link with a scheme's host may.
    static func asciiHost(_ host: String) -> String? {
        var labels: [String] = []
        let written = host.split(separator: ".", omittingEmptySubsequences: false)
        for (position, label) in written.enumerated() {
            let lower = label.lowercased()
            let underscores = position < written.count - 2
            if lower.unicodeScalars.allSatisfy(\.isASCII) {
                guard
                    lower.unicodeScalars.allSatisfy({
                        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || (underscores && $0 == "_")
                    })
                else {
                    return nil
                }
                labels.append(lower)
            } else {
                guard let encoded = encode(lower) else { return nil }
                labels.append("xn--" + encoded)
            }
        }
        return labels.joined(separator: ".")
    }

    /// RFC 3492 encoding of one label.
    static func encode(_ input: String) -> String? {
        let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
        let scalars = input.unicodeScalars.map { Int($0.value) }
        var output = scalars.filter { $0 < 0x80 }.map { Character(Unicode.Scalar(UInt8($0))) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = 0x80, delta = 0, bias = 72
        func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
            var delta = first ? delta / damp : delta / 2
            delta += delta / count
            var k = 0
            while delta > ((base - tMin) * tMax) / 2 {
                delta /= base - tMin
                k += base
            }
            return k + (base - tMin + 1) * delta / (delta + skew)
        }
        func digit(_ d: Int) -> Character { Character(Unicode.Scalar(UInt8(d < 26 ? d + 97 : d + 22))) }
        while handled < scalars.count {
            guard let m = scalars.filter({ $0 >= n }).min() else { return nil }
            let (product, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow else { return nil }
            delta += product
            n = m
            for c in scalars {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return String(output)
    }
}
