package dev.pronto.client.http.internal.teleport;

import java.util.ArrayList;
import java.util.List;

/**
 * The calls of a teleport connection awaiting responses, by id: a table indexed by the id's low
 * bits. Ids are handed out in sequence, skipping any whose slot is still taken, so two calls in
 * flight never share a slot and every operation is O(1). (Netty's IntObjectHashMap degrades to a
 * scan of the whole run of pending ids per removal when ids are sequential: at 1,024 in flight that
 * scan was most of the client's CPU.) The table doubles while more than half full, so it holds at
 * most four slots per call in flight. Event loop only.
 */
final class TeleportIds {
    private TeleportCall[] slots = new TeleportCall[64];
    private int mask = slots.length - 1;
    private int count;
    private int next = 1;

    int size() {
        return count;
    }

    boolean isEmpty() {
        return count == 0;
    }

    /** Gives {@code call} the next free non-zero id and files it under that id. */
    int add(TeleportCall call) {
        if (count >= slots.length >> 1) {
            grow();
        }
        int id = next;
        while (id == 0 || slots[id & mask] != null) {
            id++;
        }
        next = id + 1;
        slots[id & mask] = call;
        call.id = id;
        count++;
        return id;
    }

    /** The call that was sent with {@code id}, now removed, or null (timed out, never sent, or not an id of ours). */
    TeleportCall claim(int id) {
        int i = id & mask;
        TeleportCall c = slots[i];
        if (c == null || c.id != id) {
            return null;
        }
        slots[i] = null;
        count--;
        return c;
    }

    /** Removes every call and returns them. */
    List<TeleportCall> drain() {
        List<TeleportCall> all = new ArrayList<>(count);
        for (int i = 0; i < slots.length && count > 0; i++) {
            if (slots[i] != null) {
                all.add(slots[i]);
                slots[i] = null;
                count--;
            }
        }
        return all;
    }

    /** Removes and returns the calls whose deadline is at or before {@code now}; null when none. */
    List<TeleportCall> expired(long now) {
        List<TeleportCall> late = null;
        for (int i = 0; i < slots.length; i++) {
            TeleportCall c = slots[i];
            if (c != null && now - c.deadline >= 0) {
                if (late == null) {
                    late = new ArrayList<>();
                }
                late.add(c);
                slots[i] = null;
                count--;
            }
        }
        return late;
    }

    private void grow() {
        // ids that differ in their low bits under the old mask still differ under the wider one
        TeleportCall[] wider = new TeleportCall[slots.length << 1];
        int m = wider.length - 1;
        for (TeleportCall c : slots) {
            if (c != null) {
                wider[c.id & m] = c;
            }
        }
        slots = wider;
        mask = m;
    }
}
