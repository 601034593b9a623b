// Box2D 3.1 side of the scale curve (scripts/scale-curve.sh; docs/benchmarks.md, "Scale"): the scale
// scenes `pyramid` and `rain` at N bodies, built exactly as Kinetic's LargePyramid(bodies:) and
// FallingCircles(bodies:) build them (in meters, y up), timed with the peers' protocol.
//   box2d_scale [--workers N] [--quick] pyramid|rain N
// prints the peers' line: engine scene bodies steps ms_per_step_median ms_per_step_p90 sanity=...
//
// It includes the Box2D 3.1 peer's bench.c (shared/bench/peers/box2d3, read-only, which the script
// puts on the include path) rather than copying it: that file's task system (--workers), world
// settings, timer, guard and result line are used as they are, so these rows time Box2D exactly as
// the peer's rows do. Only the peer's main is renamed out of the way.
#define main box2d3_peer_main
#include "bench.c"
#undef main

// Kinetic's Scenes.scaleTimedSteps: 300, fewer from 5000 bodies on, at least 30.
static int ScaleTimedSteps(int bodies)
{
	int n = 1500000 / bodies;
	return TimedSteps(n > 300 ? 300 : n < 30 ? 30 : n);
}

// The smallest pyramid with at least n boxes, filled row by row from the bottom (large_pyramid's
// layout; n = 5050 is large_pyramid), on a ground of half-width max(100, rows) m.
static void Pyramid(int n)
{
	int rows = 1;
	while (rows * (rows + 1) / 2 < n) ++rows;
	const int warmup = 10, steps = ScaleTimedSteps(n);
	b2WorldId world = NewWorld();
	{
		b2BodyDef bd = b2DefaultBodyDef();
		bd.position = (b2Vec2){0.0f, -1.0f};
		b2BodyId ground = b2CreateBody(world, &bd);
		b2Polygon box = b2MakeBox((float)(rows > 100 ? rows : 100), 1.0f);
		b2ShapeDef sd = ShapeDef(0.0f, kFriction);
		b2CreatePolygonShape(ground, &sd, &box);
	}
	b2BodyId* boxes = malloc(sizeof(b2BodyId) * n);
	b2Vec2* start = malloc(sizeof(b2Vec2) * n);
	b2Polygon box = b2MakeBox(0.5f, 0.5f);
	b2ShapeDef sd = ShapeDef(1.0f, kFriction);
	double half = rows / 2.0;
	int k = 0;
	for (int i = 0; i < rows && k < n; ++i)
	{
		for (int j = i; j < rows && k < n; ++j)
		{
			b2BodyDef bd = b2DefaultBodyDef();
			bd.type = b2_dynamicBody;
			bd.position = (b2Vec2){(float)(-half + 0.5 * (i + 1) + (j - i)), (float)(0.5 + i)};
			boxes[k] = b2CreateBody(world, &bd);
			b2CreatePolygonShape(boxes[k], &sd, &box);
			start[k] = bd.position;
			++k;
		}
	}
	for (int s = 0; s < warmup; ++s) b2World_Step(world, kDt, kSubSteps);
	Timer t = NewTimer(steps);
	for (int s = 0; s < steps; ++s)
	{
		TimedStep(world, &t);
		if (!Guard(&t, boxes, n)) break;
	}

	double topY = -1e30;
	int moved = 0, slid = 0;
	for (int i = 0; i < n; ++i)
	{
		b2Vec2 p = b2Body_GetPosition(boxes[i]);
		if (p.y > topY) topY = p.y;
		double dx = p.x - start[i].x, dy = p.y - start[i].y;
		if (sqrt(dx * dx + dy * dy) > 0.1) ++moved;
		if (fabs(dx) > 0.5) ++slid;
	}
	char buf[256];
	snprintf(buf, sizeof buf, "top_y:%.3f,moved:%d,slid:%d", topY, moved, slid);
	Report("pyramid", n, &t, buf);
	free(boxes);
	free(start);
	b2DestroyWorld(world);
}

// n circles on falling_circles' grid kept at its 4 : 5 shape (columns = round(sqrt(0.8 n)), the top
// row short if need be), in a box 2 m wider than the grid with walls 10 m above the rows; timed after
// the top row has had the time to fall to the floor plus 1 s. n = 2000 is falling_circles' layout.
static void Rain(int n)
{
	int columns = (int)lround(sqrt(0.8 * n));
	if (columns < 1) columns = 1;
	const int rows = (n + columns - 1) / columns;
	const double halfWidth = columns / 2.0 + 1.0, wallHalfHeight = (rows + 10) / 2.0;
	const int warmup = (int)ceil(60.0 * sqrt((rows + 1) / 5.0)) + 60, steps = ScaleTimedSteps(n);
	b2WorldId world = NewWorld();
	{
		b2BodyDef bd = b2DefaultBodyDef();
		b2BodyId ground = b2CreateBody(world, &bd);
		b2ShapeDef sd = ShapeDef(0.0f, kFriction);
		b2Polygon floor = b2MakeOffsetBox((float)(halfWidth + 1.0), 0.5f, (b2Vec2){0.0f, -0.5f}, b2Rot_identity);
		b2Polygon left = b2MakeOffsetBox(0.5f, (float)wallHalfHeight, (b2Vec2){(float)(-halfWidth - 0.5), (float)wallHalfHeight},
										 b2Rot_identity);
		b2Polygon right = b2MakeOffsetBox(0.5f, (float)wallHalfHeight, (b2Vec2){(float)(halfWidth + 0.5), (float)wallHalfHeight},
										  b2Rot_identity);
		b2CreatePolygonShape(ground, &sd, &floor);
		b2CreatePolygonShape(ground, &sd, &left);
		b2CreatePolygonShape(ground, &sd, &right);
	}
	b2BodyId* balls = malloc(sizeof(b2BodyId) * n);
	b2ShapeDef sd = ShapeDef(1.0f, kFriction);
	const double x0 = -(columns - 1) / 2.0;
	int k = 0;
	for (int r = 0; r < rows && k < n; ++r)
	{
		for (int c = 0; c < columns && k < n; ++c)
		{
			b2BodyDef bd = b2DefaultBodyDef();
			bd.type = b2_dynamicBody;
			bd.position = (b2Vec2){(float)(x0 + c + ((r & 1) ? 0.25 : 0.0)), (float)(2.0 + r)};
			balls[k] = b2CreateBody(world, &bd);
			b2Circle circle = {{0.0f, 0.0f}, 0.25f + 0.05f * (float)((c + r) % 6)};
			b2CreateCircleShape(balls[k], &sd, &circle);
			++k;
		}
	}
	for (int s = 0; s < warmup; ++s) b2World_Step(world, kDt, kSubSteps);
	Timer t = NewTimer(steps);
	for (int s = 0; s < steps; ++s)
	{
		TimedStep(world, &t);
		if (!Guard(&t, balls, n)) break;
	}

	int inBox = 0;
	double maxY = -1e30, sumY = 0.0;
	for (int i = 0; i < n; ++i)
	{
		b2Vec2 p = b2Body_GetPosition(balls[i]);
		if (fabs(p.x) < halfWidth && p.y > 0.0) ++inBox;
		if (p.y > maxY) maxY = p.y;
		sumY += p.y;
	}
	char buf[256];
	snprintf(buf, sizeof buf, "in_box:%d,max_y:%.3f,mean_y:%.3f,ke:%.3f", inBox, maxY, sumY / n, KineticEnergy(balls, n));
	Report("rain", n, &t, buf);
	free(balls);
	b2DestroyWorld(world);
}

int main(int argc, char** argv)
{
	const char* scene = NULL;
	const char* count = NULL;
	for (int i = 1; i < argc; ++i)
	{
		if (strcmp(argv[i], "--workers") == 0 && i + 1 < argc)
		{
			char* end;
			long w = strtol(argv[++i], &end, 10);
			if (*argv[i] == '\0' || *end != '\0' || w < 1 || w > kMaxWorkers)
			{
				fprintf(stderr, "--workers wants a number from 1 to %d, got '%s'\n", kMaxWorkers, argv[i]);
				return 2;
			}
			g_workers = (int)w;
		}
		else if (strcmp(argv[i], "--quick") == 0) g_quick = 1;
		else if (argv[i][0] != '-' && scene == NULL) scene = argv[i];
		else if (argv[i][0] != '-' && count == NULL) count = argv[i];
		else scene = NULL, i = argc;  // anything else: usage
	}
	char* end = NULL;
	long n = count ? strtol(count, &end, 10) : 0;
	if (scene == NULL || count == NULL || *count == '\0' || *end != '\0' || n < 1 || n > 100000 ||
		(strcmp(scene, "pyramid") != 0 && strcmp(scene, "rain") != 0))
	{
		fprintf(stderr, "usage: %s [--workers N] [--quick] pyramid|rain BODIES   (BODIES from 1 to 100000)\n", argv[0]);
		return 2;
	}
	const char* q = getenv("BENCH_QUICK");
	if (q != NULL && q[0] != '\0' && strcmp(q, "0") != 0) g_quick = 1;
	b2Version v = b2GetVersion();
	snprintf(kEngine, sizeof kEngine, kEngineFmt, v.major, v.minor, v.revision);
	if (g_workers > 1)
	{
		size_t len = strlen(kEngine);
		snprintf(kEngine + len, sizeof kEngine - len, "-w%d", g_workers);
		PoolStart(g_workers);
	}
	if (strcmp(scene, "pyramid") == 0) Pyramid((int)n);
	else Rain((int)n);
	if (g_workers > 1) PoolStop();
	return 0;
}
