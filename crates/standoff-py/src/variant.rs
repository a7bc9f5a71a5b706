//! `standoff.Variant`: a map with its powers and starting position.

use crate::args::{builtin, standard};
use crate::classes::{PyPosition, PyVariant};
use crate::errors::standoff_err;
use crate::names::{power_name, powers, prov_name};
use pyo3::prelude::*;
use standoff::Variant;
use std::sync::Arc;

#[pymethods]
impl PyVariant {
    /// The standard map.
    #[staticmethod]
    fn standard() -> Self {
        PyVariant { inner: standard() }
    }

    /// A built-in variant by name or alias (`"standard"`, `"classical"`).
    #[staticmethod]
    fn builtin(name: &str) -> PyResult<Self> {
        Ok(PyVariant {
            inner: builtin(name)?,
        })
    }

    /// Loads a variant from the text of a variant TOML file.
    #[staticmethod]
    #[pyo3(signature = (text, source = "<string>"))]
    fn from_toml(text: &str, source: &str) -> PyResult<Self> {
        Variant::from_toml(text, source)
            .map(|v| PyVariant { inner: Arc::new(v) })
            .map_err(|e| standoff_err(e.to_string()))
    }

    /// Canonical name (`"standard"`).
    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }

    /// Human title.
    #[getter]
    fn title(&self) -> &str {
        &self.inner.title
    }

    /// Power names, upper case, in the variant's order.
    #[getter]
    fn powers(&self) -> Vec<String> {
        powers(&self.inner)
            .map(|p| power_name(&self.inner, p))
            .collect()
    }

    /// Province ids, upper case (`["ADR", "AEG", ...]`).
    #[getter]
    fn provinces(&self) -> Vec<String> {
        (0..self.inner.map.province_count())
            .map(|i| prov_name(&self.inner.map, standoff::ProvinceId(i as u16)))
            .collect()
    }

    /// Every location: provinces and named coasts (`"STP/NC"`).
    #[getter]
    fn locations(&self) -> Vec<String> {
        (0..self.inner.map.location_count())
            .map(|i| crate::names::loc_name(&self.inner.map, standoff::LocationId(i as u16)))
            .collect()
    }

    /// Supply centers.
    #[getter]
    fn supply_centers(&self) -> Vec<String> {
        let map = &self.inner.map;
        (0..map.province_count())
            .map(|i| standoff::ProvinceId(i as u16))
            .filter(|&p| map.province(p).is_center)
            .map(|p| prov_name(map, p))
            .collect()
    }

    /// The variant's special rules (its file's `[[rule]]` names: `build_anywhere`, ...).
    #[getter]
    fn rules(&self) -> Vec<&'static str> {
        self.inner.plugins.names()
    }

    /// Centers needed to win.
    #[getter]
    fn victory_centers(&self) -> usize {
        self.inner.victory_centers
    }

    /// The first year.
    #[getter]
    fn start_year(&self) -> i32 {
        self.inner.start_year
    }

    /// The starting position.
    fn initial_position(&self) -> PyPosition {
        PyPosition {
            variant: self.inner.clone(),
            pos: standoff::Position::initial(&self.inner),
        }
    }

    /// The board geometry as plain data, for the package-compatible ``Map``:
    /// ``{"locations": {LOC: {"province", "terrain", "name", "army", "fleet", "army_to",
    /// "fleet_to"}}, "homes": {POWER: [...]}, "location_order": [LOC, ...] (the package's
    /// order of the locations, empty where the variant gives none), "centers": [...] (the
    /// package's order of the supply centers), "ports": [...] (the spaces other than seas
    /// a fleet may convoy from)}``. ``terrain`` is ``land``, ``coast``,
    /// ``sea`` or ``impassable``; ``army``/``fleet`` say whether such a unit may stand
    /// there; ``army_to``/``fleet_to`` list the locations it may move to.
    fn map_data<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        use pyo3::types::PyDict;
        use standoff::{LocationId, UnitKind};
        let map = &self.inner.map;
        let locations = PyDict::new(py);
        for i in 0..map.location_count() {
            let l = LocationId(i as u16);
            let p = map.province_of(l);
            let prov = map.province(p);
            let terrain = match prov.terrain {
                standoff::Terrain::Land => "land",
                standoff::Terrain::Coast => "coast",
                standoff::Terrain::Sea => "sea",
                standoff::Terrain::Impassable => "impassable",
            };
            let names = |ls: Vec<LocationId>| -> Vec<String> {
                ls.into_iter()
                    .map(|t| crate::names::loc_name(map, t))
                    .collect()
            };
            let entry = PyDict::new(py);
            entry.set_item("province", prov_name(map, p))?;
            entry.set_item("terrain", terrain)?;
            entry.set_item("name", prov.name.as_str())?;
            let army = map.can_stand(UnitKind::Army, l);
            let fleet = map.can_stand(UnitKind::Fleet, l);
            entry.set_item("army", army)?;
            entry.set_item("fleet", fleet)?;
            let army_to = if army {
                names(map.unit_neighbours(UnitKind::Army, l))
            } else {
                Vec::new()
            };
            entry.set_item("army_to", army_to)?;
            entry.set_item("fleet_to", names(map.unit_neighbours(UnitKind::Fleet, l)))?;
            locations.set_item(crate::names::loc_name(map, l), entry)?;
        }
        let homes = PyDict::new(py);
        for (name, list) in crate::model::homes_by_power(&self.inner) {
            homes.set_item(name, list)?;
        }
        // The package's orders of its `Map.locs` and `Map.scs` (the map file's), where
        // the variant gives them.
        let location_order: Vec<String> = self
            .inner
            .location_order
            .iter()
            .map(|&l| crate::names::loc_name(map, l))
            .collect();
        let centers: Vec<String> = crate::compat_order::package_center_order(&self.inner)
            .into_iter()
            .map(|p| prov_name(map, p))
            .collect();
        // Spaces other than seas a fleet may convoy from (DATC 9's convoyable coasts):
        // the package's `PORT` areas.
        let convoy = &self.inner.hooks(self.inner.start_phase).convoy;
        let ports: Vec<String> = (0..map.province_count())
            .map(|i| standoff::ProvinceId(i as u16))
            .filter(|&p| map.province(p).terrain != standoff::Terrain::Sea && convoy.contains(p))
            .map(|p| prov_name(map, p))
            .collect();
        let out = PyDict::new(py);
        out.set_item("locations", locations)?;
        out.set_item("homes", homes)?;
        out.set_item("location_order", location_order)?;
        out.set_item("centers", centers)?;
        out.set_item("ports", ports)?;
        Ok(out)
    }

    fn __repr__(&self) -> String {
        format!("Variant.builtin({:?})", self.inner.name)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyVariant>().is_ok_and(|o| {
            Arc::ptr_eq(&o.get().inner, &self.inner) || o.get().inner.name == self.inner.name
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.name.hash(&mut h);
        h.finish()
    }
}
