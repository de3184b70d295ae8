-- The picking route of a warehouse-tenant pair (spec section 9 storage rules: "picking route corner or
-- random"): corner — task lines in location-code order, aisle by aisle from the corner; random — the
-- locations of a task in a shuffled (but fixed per task) order, lines of one location together.
ALTER TABLE outbound_setting ADD COLUMN picking_route text NOT NULL DEFAULT 'corner' CHECK (picking_route IN ('corner', 'random'));
