package dev.pronto.proxy.internal;

import dev.pronto.proxy.Balancing;
import java.time.Duration;

/**
 * The behaviour of an upstream group, fixed when it is built.
 *
 * @param balancing how a member is picked
 * @param ejectAfter consecutive connection failures that eject a member
 * @param cooldown how long an ejected member is left out
 * @param retries further tries of an idempotent request whose upstream could not be reached
 * @param healthPath path of the active health check, or null for none
 * @param healthInterval period of the active health check
 * @param maxWaiting requests that may wait for a member's slot when every serving member is at its
 *        {@code maxPending}; past it a request is answered 503
 */
public record Policy(Balancing balancing, int ejectAfter, Duration cooldown, int retries, String healthPath,
                     Duration healthInterval, int maxWaiting) {
}
