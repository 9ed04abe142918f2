// Units.h: conversion factors between OpenMM's units (nm, ps, kJ/mol, radians) and common others,
// with the names OpenMM programs use.
#pragma once

namespace OpenMM {

static const double NmPerAngstrom = 0.1;
static const double AngstromsPerNm = 10.0;
static const double PsPerFs = 0.001;
static const double FsPerPs = 1000.0;
static const double KJPerKcal = 4.184;
static const double KcalPerKJ = 1.0 / 4.184;
static const double RadiansPerDegree = 3.1415926535897932385 / 180.0;
static const double DegreesPerRadian = 180.0 / 3.1415926535897932385;
static const double SigmaPerVdwRadius = 1.78179743628068;

} // namespace OpenMM
