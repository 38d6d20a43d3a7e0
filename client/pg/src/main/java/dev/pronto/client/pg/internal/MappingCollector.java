package dev.pronto.client.pg.internal;

import dev.pronto.client.pg.RowMapper;
import io.vertx.sqlclient.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collector;

/**
 * Maps rows while they are decoded, so the driver recycles its row object instead of keeping
 * every row of the result.
 */
final class MappingCollector<T> implements Collector<Row, List<T>, List<T>> {
    private static final Set<Characteristics> IDENTITY = Set.of(Characteristics.IDENTITY_FINISH);
    final RowMapper<T> mapper;
    private final BiConsumer<List<T>, Row> accumulator;

    MappingCollector(RowMapper<T> mapper) {
        this.mapper = mapper;
        this.accumulator = (list, row) -> list.add(mapper.map(row));
    }

    @Override
    public Supplier<List<T>> supplier() {
        return ArrayList::new;
    }

    @Override
    public BiConsumer<List<T>, Row> accumulator() {
        return accumulator;
    }

    @Override
    public BinaryOperator<List<T>> combiner() {
        return (a, b) -> {
            a.addAll(b);
            return a;
        };
    }

    @Override
    public Function<List<T>, List<T>> finisher() {
        return Function.identity();
    }

    @Override
    public Set<Characteristics> characteristics() {
        return IDENTITY;
    }
}
