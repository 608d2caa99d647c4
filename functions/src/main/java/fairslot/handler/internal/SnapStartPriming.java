package fairslot.handler.internal;

import fairslot.shared.Log;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;

/**
 * SnapStart hooks. Lambda takes the snapshot after init; whatever ran before it (classes loaded,
 * TLS and HTTP connection code initialized, Jackson's and the SDK's marshallers warmed) is already
 * done in every restored sandbox. Priming must only read: it runs once per published version, in
 * the deployment's account, against the real table.
 */
public final class SnapStartPriming implements Resource {
  // CRaC's global context may hold resources weakly; these strong references keep them alive.
  private static final List<SnapStartPriming> REGISTERED = new ArrayList<>();

  private final Runnable prime;

  private SnapStartPriming(Runnable prime) {
    this.prime = prime;
  }

  /**
   * Runs {@code prime} before the snapshot is taken. Outside SnapStart (tests, local) it never
   * runs.
   */
  public static synchronized void beforeSnapshot(Runnable prime) {
    SnapStartPriming resource = new SnapStartPriming(prime);
    REGISTERED.add(resource);
    Core.getGlobalContext().register(resource);
  }

  @Override
  public void beforeCheckpoint(Context<? extends Resource> context) {
    try {
      prime.run();
    } catch (RuntimeException e) {
      // A failed priming only costs the first invocation its warm-up; it must never fail the
      // deploy.
      Log.warn("snapstart priming failed", Map.of("error", String.valueOf(e)));
    }
  }

  @Override
  public void afterRestore(Context<? extends Resource> context) {
    // Nothing to refresh: clients hold no per-sandbox state, and credentials come from the
    // environment.
  }
}
