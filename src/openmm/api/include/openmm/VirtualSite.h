// VirtualSite: a massless particle whose position is computed from other particles (and whose force is passed on
// to them): TwoParticleAverageSite, ThreeParticleAverageSite (weighted averages) and OutOfPlaneSite
// (p1 + w12 (p2 - p1) + w13 (p3 - p1) + wCross (p2 - p1) x (p3 - p1)) and LocalCoordinatesSite (fixed coordinates
// in a frame built from its particles). A System owns the sites it is given.
#pragma once

#include "openmm/Vec3.h"

#include <vector>

namespace OpenMM {

class VirtualSite {
public:
  virtual ~VirtualSite() = default;
  int getNumParticles() const { return static_cast<int>(_particles.size()); }
  /** The index of the particle-th particle this site depends on. */
  int getParticle(int particle) const;
  /** The site's position from the positions of all particles. */
  virtual Vec3 computePosition(const std::vector<Vec3>& positions) const = 0;
  /** Adds to forces[] the share of force (acting on the site) that each particle it depends on receives. */
  virtual void distributeForce(const std::vector<Vec3>& positions, const Vec3& force,
                               std::vector<Vec3>& forces) const = 0;

protected:
  explicit VirtualSite(std::vector<int> particles) : _particles(std::move(particles)) {}
  std::vector<int> _particles;
};

class TwoParticleAverageSite : public VirtualSite {
public:
  TwoParticleAverageSite(int particle1, int particle2, double weight1, double weight2);
  double getWeight(int particle) const;
  Vec3 computePosition(const std::vector<Vec3>& positions) const override;
  void distributeForce(const std::vector<Vec3>& positions, const Vec3& force, std::vector<Vec3>& forces) const override;

private:
  double _weights[2];
};

class ThreeParticleAverageSite : public VirtualSite {
public:
  ThreeParticleAverageSite(int particle1, int particle2, int particle3, double weight1, double weight2, double weight3);
  double getWeight(int particle) const;
  Vec3 computePosition(const std::vector<Vec3>& positions) const override;
  void distributeForce(const std::vector<Vec3>& positions, const Vec3& force, std::vector<Vec3>& forces) const override;

private:
  double _weights[3];
};

class OutOfPlaneSite : public VirtualSite {
public:
  OutOfPlaneSite(int particle1, int particle2, int particle3, double weight12, double weight13, double weightCross);
  double getWeight12() const { return _w12; }
  double getWeight13() const { return _w13; }
  double getWeightCross() const { return _wCross; }
  Vec3 computePosition(const std::vector<Vec3>& positions) const override;
  void distributeForce(const std::vector<Vec3>& positions, const Vec3& force, std::vector<Vec3>& forces) const override;

private:
  double _w12, _w13, _wCross;
};

/**
 * A site at fixed local coordinates in a frame built from its particles (two or more): origin = sum w_o p, x
 * direction sum w_x p, y direction sum w_y p; z = x cross y, then y = z cross x, all normalised;
 * position = origin + l_x e_x + l_y e_y + l_z e_z. As in OpenMM the origin weights must add to 1 and the x and y
 * weights to 0, and an axis of zero length (parallel x and y directions, as with two particles) stays zero.
 */
class LocalCoordinatesSite : public VirtualSite {
public:
  LocalCoordinatesSite(const std::vector<int>& particles, const std::vector<double>& originWeights,
                       const std::vector<double>& xWeights, const std::vector<double>& yWeights,
                       const Vec3& localPosition);
  LocalCoordinatesSite(int particle1, int particle2, int particle3, const Vec3& originWeights, const Vec3& xWeights,
                       const Vec3& yWeights, const Vec3& localPosition);
  void getOriginWeights(std::vector<double>& weights) const { weights = _origin; }
  void getXWeights(std::vector<double>& weights) const { weights = _x; }
  void getYWeights(std::vector<double>& weights) const { weights = _y; }
  const Vec3& getLocalPosition() const { return _local; }
  Vec3 computePosition(const std::vector<Vec3>& positions) const override;
  void distributeForce(const std::vector<Vec3>& positions, const Vec3& force, std::vector<Vec3>& forces) const override;

private:
  Vec3 weighted(const std::vector<double>& weights, const std::vector<Vec3>& positions) const;
  std::vector<double> _origin, _x, _y;
  Vec3 _local;
};

} // namespace OpenMM
