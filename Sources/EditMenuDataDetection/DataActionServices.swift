/// The web services the actions use for things with no URI scheme of their own: map search,
/// flight tracking, shipment tracking. Each is a fixed `https:` prefix to which the escaped value is
/// appended.
public struct DataActionServices: Hashable, Sendable {
    /// Map search; the escaped address is appended. `nil` uses `geo:0,0?q=…`.
    public var mapSearch: String?
    /// Flight status; the escaped flight number (`BA283`) is appended.
    public var flightStatus: String
    /// Shipment tracking per carrier; the escaped number is appended.
    public var shipmentTracking: [DetectedTrackingNumber.Carrier: String]

    /// The defaults: OpenStreetMap search, FlightAware, and each carrier's own tracking page
    /// (17TRACK for UPU S10 items, which any national post may carry).
    public init(
        mapSearch: String? = "https://www.openstreetmap.org/search?query=",
        flightStatus: String = "https://www.flightaware.com/live/flight/",
        shipmentTracking: [DetectedTrackingNumber.Carrier: String] = [
            .ups: "https://www.ups.com/track?tracknum=",
            .fedEx: "https://www.fedex.com/fedextrack/?trknbr=",
            .usps: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
            .postal: "https://t.17track.net/en#nums=",
            .dhl: "https://www.dhl.com/en/express/tracking.html?AWB=",
            .amazon: "https://track.amazon.com/tracking/",
            .onTrac: "https://www.ontrac.com/tracking/?number=",
        ]
    ) {
        self.mapSearch = mapSearch
        self.flightStatus = flightStatus
        self.shipmentTracking = shipmentTracking
    }
}
