package fairslot.kernel;

/** A point on the earth, in degrees (WGS 84), as browsers and map apps give it. */
public record GeoPoint(double lat, double lng) {
  /** The earth's mean radius (IUGG), in metres. */
  private static final double EARTH_RADIUS_METRES = 6_371_008.8;

  public GeoPoint {
    if (!Double.isFinite(lat) || lat < -90 || lat > 90) {
      throw new IllegalArgumentException("lat must be a number from -90 to 90");
    }
    if (!Double.isFinite(lng) || lng < -180 || lng > 180) {
      throw new IllegalArgumentException("lng must be a number from -180 to 180");
    }
  }

  /** {@code "<lat>,<lng>"}, as a query parameter gives it. */
  public static GeoPoint parse(String latLng) {
    String[] parts = latLng.split(",", -1);
    if (parts.length != 2) {
      throw new IllegalArgumentException("a point is <lat>,<lng>, such as 31.2304,121.4737");
    }
    try {
      return new GeoPoint(Double.parseDouble(parts[0].trim()), Double.parseDouble(parts[1].trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("a point is <lat>,<lng>, such as 31.2304,121.4737");
    }
  }

  /** The great-circle distance to {@code other} (haversine), to the metre. */
  public long metresTo(GeoPoint other) {
    double dLat = Math.toRadians(other.lat - lat);
    double dLng = Math.toRadians(other.lng - lng);
    double a =
        Math.pow(Math.sin(dLat / 2), 2)
            + Math.cos(Math.toRadians(lat))
                * Math.cos(Math.toRadians(other.lat))
                * Math.pow(Math.sin(dLng / 2), 2);
    return Math.round(2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a))));
  }
}
